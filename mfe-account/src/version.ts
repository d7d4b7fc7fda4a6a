// Build-time marker (DefinePlugin): MFE_VERSION, else this package's version.
export const MFE_NAME = 'account';
export const MFE_VERSION: string = process.env.MFE_VERSION ?? 'dev';
