// The word lists of the @zxcvbn-ts language packs, imported file by file (mfe-account's password
// strength meter): each file's default export is a list of words, or lists by name (wordSequences).
declare module '*.json.cjs' {
  const words: string[] | Record<string, string[]>;
  export default words;
}
