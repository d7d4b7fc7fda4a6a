// The text checks of comments (zod-free, shared by the review form and the rating service): the
// automatic validation's personal data, threats and insults, and the nudge before a comment
// identifies someone. Word lists in French, Spanish and English live beside them.
export * from './normalize';
export * from './word-lists';
export * from './identifying-words';
export * from './content-checks';
export * from './identifying-details';
export * from './class-year-nudges';
