/** The largest vendor CSV the console takes, shared by the form (which checks first) and the action. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
export const FILE_TOO_LARGE = "The file is larger than 2 MB";
