import "server-only";
import { redirect } from "next/navigation";
import { z } from "zod";
import { DatabaseError } from "../data/rpc";
import { isRefusalCode, type RefusalCode } from "../data/refusals";
import { holdsControlCharacter } from "./control-characters";
import { recordId } from "./record-id";

/**
 * Every server action is built here, in the same steps: who asks (its audience: the renter's
 * cookie, a business session, an operator session, or anyone), what they sent (parsed with
 * the feature's schema), and one call through the feature's data module. A refusal comes
 * back as a code (a database refusal's own, or the audience's), never as a sentence: the
 * page or component shows it from its audience's catalogue.
 *
 * Two deliveries: `clientAction` answers a client component with an ActionOutcome;
 * `formAction` answers a plain form (it works without JavaScript) by going back to its page
 * with `?notice=<code>` or `?error=<code>`.
 */

/** A refusal of the action's own (a wrong password, a file that is no CSV): a code, and values its text names. */
class ActionRefusal extends Error {
  constructor(
    readonly code: string,
    readonly values: string[] = [],
  ) {
    super(code);
  }
}

/** Refuses the action with a code: the catalogue of its audience has the words. */
export function refuse(code: string, values: string[] = []): never {
  throw new ActionRefusal(code, values);
}

/** A client's object input is a few kilobytes at most. */
const MAX_INPUT_BYTES = 4096;

function tooLarge(input: unknown): boolean {
  try {
    return JSON.stringify(input ?? null).length > MAX_INPUT_BYTES;
  } catch {
    return true;
  }
}

/** The code of input holding a control character (lib/messages/catalog.ts words it for every page). */
const CONTROL_CHARACTER = "control-character";

/** The top-level fields of an action's input whose text holds a control character (line breaks and tabs allowed). */
function controlledFields(input: unknown): string[] {
  const holds = (value: unknown): boolean =>
    typeof value === "string"
      ? holdsControlCharacter(value, "\t\n\r")
      : Array.isArray(value)
        ? value.some(holds)
        : typeof value === "object" && value !== null && !(value instanceof Blob) && Object.values(value).some(holds);
  if (typeof input !== "object" || input === null) return holds(input) ? [""] : [];
  return Object.entries(input).flatMap(([name, value]) => (holds(value) ? [name] : []));
}

/** A code, as a schema gives one for an issue (zod's own messages are sentences). */
const CODE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Input that does not parse: the code its schema gives for an issue, or the action's own. */
function invalidCode(error: z.core.$ZodError, fallback: string): string {
  return error.issues.map((issue) => issue.message).find((message) => CODE.test(message)) ?? fallback;
}

export interface ActionSteps<S extends z.core.$ZodType, Who, Data> {
  /** Who may run it: resolves to who they are, or redirects (to a login) and changes nothing. */
  audience: () => Promise<Who>;
  /** What it takes, parsed with its feature's schema: a form's fields, or a client's object. */
  input: S;
  /** The code of input that does not parse, unless its schema gives one for the issue. */
  invalid: string;
  /** The one call through the feature's data module; a refusal is thrown (by the database, or with refuse()). */
  call: (input: z.output<S>, who: Who) => Promise<Data>;
}

type Ran<Input, Data> =
  { ok: true; input: Input; data: Data } | { ok: false; input: Input | null; code: string; values: string[]; fields: string[] };

async function run<S extends z.core.$ZodType, Who, Data>(steps: ActionSteps<S, Who, Data>, raw: unknown): Promise<Ran<z.output<S>, Data>> {
  const who = await steps.audience();
  if (raw instanceof FormData) raw = formFields(raw);
  else if (tooLarge(raw)) return { ok: false, input: null, code: steps.invalid, values: [], fields: [] };
  // No field of any form holds a control character; refused here, before any schema or the database sees it.
  const typed = controlledFields(raw);
  if (typed.length > 0) return { ok: false, input: null, code: CONTROL_CHARACTER, values: [], fields: typed };
  const parsed = z.safeParse(steps.input, raw);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? "")).filter(Boolean))];
    return { ok: false, input: null, code: invalidCode(parsed.error, steps.invalid), values: [], fields };
  }
  try {
    return { ok: true, input: parsed.data, data: await steps.call(parsed.data, who) };
  } catch (error) {
    const refusal = error instanceof DatabaseError ? error.refusal : null;
    if (refusal) return { ok: false, input: parsed.data, code: refusal, values: [], fields: [] };
    if (error instanceof ActionRefusal) return { ok: false, input: parsed.data, code: error.code, values: error.values, fields: [] };
    throw error;
  }
}

/** What a client component's action answers: its data, or a refusal's code, the fields it concerns and the values its text names. */
export type ActionOutcome<Data> = { ok: true; data: Data } | { ok: false; refusal: string; fields: string[]; values: string[] };

/** The code of an action that failed for a reason of ours (the database was unreachable): "try again". */
const UNAVAILABLE = "unavailable";

/**
 * An action that a client component calls with an object (or a form's FormData). A refusal names the fields it
 * concerns: those that did not parse, or the field the database refused (`fieldOf`).
 * A fault is logged under the action's name and answered as UNAVAILABLE.
 */
export function clientAction<S extends z.core.$ZodType, Who, Data, Out>(
  name: string,
  steps: ActionSteps<S, Who, Data> & {
    fieldOf?: Partial<Record<RefusalCode, string>>;
    /** What the component receives, and what runs after a success (refreshing pages, waking the outbox). */
    done: (data: NoInfer<Data>, input: z.output<S>) => Out;
  },
): (input: unknown) => Promise<ActionOutcome<Out>> {
  return async (raw) => {
    let ran: Ran<z.output<S>, Data>;
    try {
      ran = await run(steps, raw);
    } catch (error) {
      if (!(error instanceof DatabaseError)) throw error;
      console.error(`${name} failed:`, error.reason);
      return { ok: false, refusal: UNAVAILABLE, fields: [], values: [] };
    }
    if (!ran.ok) {
      const field = isRefusalCode(ran.code) ? steps.fieldOf?.[ran.code] : undefined;
      return { ok: false, refusal: ran.code, fields: field ? [field] : ran.fields, values: ran.values };
    }
    return { ok: true, data: steps.done(ran.data, ran.input) };
  };
}

/** Where a form action goes back to: its page and, after a success, the notice's code. */
export interface Back<Notice extends string> {
  page: string;
  /** Null for a success that needs no words (a login lands on the console). */
  notice: Notice | null;
  /** Other parameters the page keeps (a tab, a record). */
  params?: Record<string, string>;
  anchor?: string;
}

/** How an audience's pages name error codes: the page's own, or "refused" for a code it has no words for. */
export interface ErrorCodes {
  errorCode(code: string): string;
}

/**
 * An action for a plain form: its FormData's fields are the input. It always ends in a
 * redirect: to `back(...)`'s page with `?notice=` after a success, or with `?error=` (the
 * catalogue's code for the refusal; none without a catalogue) after a refusal; input that does
 * not parse goes to `home`.
 */
export function formAction<S extends z.core.$ZodType, Who, Data, Notice extends string>(
  catalog: ErrorCodes | null,
  steps: ActionSteps<S, Who, Data> & {
    /** Where input that does not parse goes back to: a path, or a place made from the form's fields. */
    home: string | ((fields: FormFields) => Omit<Back<Notice>, "notice">);
    /** Where to go back to, and with which notice; `data` is null after a refusal. */
    back: (input: z.output<S>, data: NoInfer<Data> | null) => Back<Notice>;
    /** What runs after a success, before the redirect: refreshing pages, waking the outbox. */
    done?: (data: NoInfer<Data>, input: z.output<S>) => void | Promise<void>;
  },
): (form: FormData) => Promise<never> {
  return async (form) => {
    const ran = await run(steps, form);
    if (ran.ok) await steps.done?.(ran.data, ran.input);
    const back: Omit<Back<Notice>, "notice"> & { notice?: Notice | null } =
      ran.input !== null
        ? steps.back(ran.input, ran.ok ? ran.data : null)
        : typeof steps.home === "string"
          ? { page: steps.home }
          : steps.home(formFields(form));
    const params = new URLSearchParams(back.params);
    if (!ran.ok && catalog) params.set("error", catalog.errorCode(ran.code));
    else if (back.notice) params.set("notice", back.notice);
    const query = params.size > 0 ? `${back.page.includes("?") ? "&" : "?"}${params}` : "";
    redirect(`${back.page}${query}${back.anchor ?? ""}`);
  };
}

/**
 * A form's fields as an object: each name's first value (files included), but every value of a
 * name ending in "[]" (a multiple file input's files), as a list under the name without it.
 */
function formFields(form: FormData): FormFields {
  const fields: Record<string, FormDataEntryValue> = {};
  const lists: Record<string, FormDataEntryValue[]> = {};
  for (const [name, value] of form) {
    if (name.endsWith("[]")) (lists[name.slice(0, -2)] ??= []).push(value);
    else if (!(name in fields)) fields[name] = value;
  }
  return { ...fields, ...lists };
}

export type FormFields = Record<string, FormDataEntryValue | FormDataEntryValue[]>;

/** Anyone may run it. */
export const anyone = async (): Promise<null> => null;

/** Form field helpers: a record's id, a "true"/"false" choice, a checkbox, and trimmed text up to `max` characters. */
export const formField = {
  id: (code: RefusalCode = "no-record") =>
    z
      .string({ error: code })
      .transform(recordId)
      .pipe(z.number({ error: code })),
  flag: () =>
    z
      .literal(["true", "false"])
      .optional()
      .transform((value) => value === "true"),
  checkbox: () =>
    z
      .literal("on")
      .optional()
      .transform((value) => value === "on"),
  text: (max: number, code: RefusalCode = "too-long") =>
    z
      .string()
      .optional()
      .transform((value) => value?.trim() ?? "")
      .pipe(z.string().max(max, { error: code })),
};

/** A record's page (`base`/id) as the home of a form whose other fields do not parse; the list without an id. */
export const recordPage =
  (base: string) =>
  ({ id: record }: FormFields) => ({ page: recordId(record) ? `${base}/${record}` : base });
