// Build-time marker (DefinePlugin): MFE_VERSION, else this package's version.
export const MFE_NAME = 'review';
export const MFE_VERSION: string = process.env.MFE_VERSION ?? 'dev';
/** Spread into `<Screen>` of @pupitre/review-ui. */
export const MFE = { name: MFE_NAME, version: MFE_VERSION } as const;
