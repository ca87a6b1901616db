import type { Call } from "./types";

/** The writes actions and jobs make, each run on a fresh subject. */
export const WRITES: Call[] = [];
