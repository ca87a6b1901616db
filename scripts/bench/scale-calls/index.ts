import { READS } from "./reads";
import { WRITES } from "./writes";
import type { Call } from "./types";

export type { Call, Engine, Subjects } from "./types";
export { READS };
/** Every line of `npm run bench:scale`, reads first. */
export const CALLS: Call[] = [...READS, ...WRITES];
