import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DatabaseError } from "@/lib/data/rpc";
import { anyone, clientAction, formAction, formField, refuse } from "@/lib/platform/action";
import { messageCatalog } from "@/lib/messages/catalog";

const catalog = messageCatalog(
  { saved: "Saved." },
  { "no-record": "No such record", "too-long": "A field is too long" },
  { refused: "No." },
);
const refusal = (code: string) => new DatabaseError("some_function", "P0001", "refused", code);

/** Where a form action redirected to (Next's redirect() throws with the address in its digest). */
async function redirectOf(action: (form: FormData) => Promise<never>, fields: Record<string, string>): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const thrown = await action(form).catch((error: unknown) => error);
  const digest = String((thrown as { digest?: string }).digest ?? "");
  expect(digest).toMatch(/^NEXT_REDIRECT;/);
  return digest.split(";")[2];
}

describe("the one action shape (lib/platform/action.ts)", () => {
  const calls: Array<{ id: number; note: string }> = [];
  const save = formAction(catalog, {
    audience: anyone,
    input: z.object({ id: formField.id(), note: formField.text(10) }),
    invalid: "too-long",
    home: "/things",
    call: async (thing) => {
      if (thing.note === "gone") throw refusal("no-record");
      if (thing.note === "odd") throw refusal("listing-name");
      calls.push(thing);
    },
    back: (thing) => ({ page: `/things/${thing.id}`, notice: "saved", anchor: "#note" }),
  });

  it("a form action parses its form, makes its one call and goes back with the notice's code", async () => {
    expect(await redirectOf(save, { id: "7", note: "  hello " })).toBe("/things/7?notice=saved#note");
    expect(calls).toEqual([{ id: 7, note: "hello" }]);
  });

  it("input that does not parse changes nothing and goes home with its schema's code, or the action's", async () => {
    expect(await redirectOf(save, { id: "x", note: "hi" })).toBe("/things?error=no-record");
    expect(await redirectOf(save, { id: "7", note: "far too long a note" })).toBe("/things?error=too-long");
    expect(calls).toHaveLength(1);
  });

  it("a refusal goes back with the audience's code for it: its own, or refused when it has no words for it", async () => {
    expect(await redirectOf(save, { id: "7", note: "gone" })).toBe("/things/7?error=no-record#note");
    expect(await redirectOf(save, { id: "7", note: "odd" })).toBe("/things/7?error=refused#note");
  });

  it("a control character in any field (a NUL, a C1 character) changes nothing and goes home with a code every page words", async () => {
    const before = calls.length;
    expect(await redirectOf(save, { id: "7", note: "a\u0000b" })).toBe("/things?error=control-character");
    expect(await redirectOf(save, { id: "7", note: "a\u0085b" })).toBe("/things?error=control-character");
    expect(catalog.message("error", "control-character")).toMatch(/control character/);
    expect(await redirectOf(save, { id: "7", note: "two\nlines" })).toBe("/things/7?notice=saved#note");
    expect(calls.length).toBe(before + 1);
  });

  const estimate = clientAction("Estimating", {
    audience: anyone,
    input: z.object({ days: z.number().int().min(1) }),
    invalid: "lead-invalid",
    fieldOf: { "job-zip": "zip" },
    call: async ({ days }) => {
      if (days === 2) throw refusal("job-zip");
      if (days === 3) refuse("too-many", ["3"]);
      if (days === 4) throw new DatabaseError("some_function", "57014", "canceling statement due to statement timeout");
      return days * 100;
    },
    done: (total) => ({ total }),
  });

  it("a client action answers its data, or a code with the fields it concerns and the values its text names; never a sentence", async () => {
    expect(await estimate({ days: 1 })).toEqual({ ok: true, data: { total: 100 } });
    expect(await estimate({ days: 0 })).toEqual({ ok: false, refusal: "lead-invalid", fields: ["days"], values: [] });
    expect(await estimate({ days: 2 })).toEqual({ ok: false, refusal: "job-zip", fields: ["zip"], values: [] });
    expect(await estimate({ days: 3 })).toEqual({ ok: false, refusal: "too-many", fields: [], values: ["3"] });
    expect(await estimate({ days: 4 })).toEqual({ ok: false, refusal: "unavailable", fields: [], values: [] });
    expect(await estimate({ days: 1, padding: "x".repeat(5000) })).toEqual({ ok: false, refusal: "lead-invalid", fields: [], values: [] });
    expect(await estimate({ days: 1, note: ["fine", "not\u0000fine"] })).toEqual({
      ok: false,
      refusal: "control-character",
      fields: ["note"],
      values: [],
    });
  });
});
