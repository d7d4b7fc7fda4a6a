// The labelling of a personal-data download and its catalogues in three languages: loaded when the
// user asks for their data (DataExportPanel), never with the settings page itself.
export { labelPersonalData, personalDataFileName } from '@pupitre/contracts';
