import { describe, expect, it } from "vitest";
import { functionResults } from "../../lib/data/database.gen";
import { CALLS } from "../../scripts/bench/scale-calls/index";

describe("npm run bench:scale", () => {
  it("times every function the server may call", () => {
    const timed = new Set(CALLS.map((call) => call.fn));
    const untimed = Object.keys(functionResults).filter((fn) => !timed.has(fn));
    expect(untimed).toEqual([]);
  });

  it("names only functions the server may call, each line once", () => {
    expect(CALLS.map((call) => call.fn).filter((fn) => !(fn in functionResults))).toEqual([]);
    const names = CALLS.map((call) => call.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});
