import { MAX_IMPORT_BYTES } from "../platform/action-limits.mjs";

/** The largest vendor CSV the console takes, shared by the form (which checks first) and the action. */
export { MAX_IMPORT_BYTES };
