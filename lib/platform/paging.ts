import { z } from "zod";
import { recordId } from "./record-id";

/** How many rows a console list shows a page. */
export const PAGE_SIZE = 50;

/** A list page's number from its query string (`?page=`), from 1. */
export const pageNumber = (value: string | string[] | undefined) => {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
};

/** A page read by offset: its rows and their count. */
export const pageOf = <T extends z.ZodType>(row: T) => z.object({ total: z.number(), rows: z.array(row) });

/** A page read by keyset: its rows, whether pages lie either side, and a count that stops at 10,000. */
export const keysetPageOf = <T extends z.ZodType>(row: T) =>
  z.object({ total: z.number(), total_capped: z.boolean(), previous: z.boolean(), next: z.boolean(), rows: z.array(row) });

/** Where a keyset page starts: after the row with id `after`, before the row with id `before`, or at the first row. */
export interface KeysetCursor {
  after?: number;
  before?: number;
}

/** The cursor in a list page's query string (`?after=` or `?before=`, a row's id). */
export function keysetCursor(params: Record<string, string | string[] | undefined>): KeysetCursor {
  const id = (value: string | string[] | undefined) => recordId(Array.isArray(value) ? value[0] : value) ?? undefined;
  const after = id(params.after);
  return after ? { after } : { before: id(params.before) };
}

/** How many rows the business dashboard shows at first, and how many more each "Show older" adds. */
export const LEADS_PAGE = 50;

/** How many rows a dashboard URL asks for (?leads=, ?reviews=), in whole pages, from one page to the API's 1,000 rows. */
export function rowsShown(value: string | string[] | undefined): number {
  const asked = Number(Array.isArray(value) ? value[0] : value);
  if (!Number.isInteger(asked) || asked <= LEADS_PAGE) return LEADS_PAGE;
  return Math.min(Math.ceil(asked / LEADS_PAGE) * LEADS_PAGE, 1000);
}
