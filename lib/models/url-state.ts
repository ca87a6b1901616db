import { createSearchParamsCache, parseAsArrayOf, parseAsFloat, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { SORTABLE_COLUMNS } from "./catalogue";

/** The catalogue's state lives in the URL so a filtered, sorted view can be shared. */
const catalogueParsers = {
  view: parseAsStringLiteral(["grid", "table"] as const).withDefault("grid"),
  manufacturer: parseAsString,
  mfr: parseAsArrayOf(parseAsString).withDefault([]),
  lift: parseAsArrayOf(parseAsString).withDefault([]),
  capMin: parseAsFloat,
  capMax: parseAsFloat,
  hpMin: parseAsFloat,
  hpMax: parseAsFloat,
  sort: parseAsStringLiteral(SORTABLE_COLUMNS),
  dir: parseAsStringLiteral(["asc", "desc"] as const).withDefault("asc"),
};

export const catalogueCache = createSearchParamsCache(catalogueParsers);
