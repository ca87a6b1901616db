import type { ImportCode, ImportProblem } from "./import";
import { MAX_IMPORT_BYTES } from "./import-limits";
import { RATE_CARD_PROBLEMS, type RateCardProblem } from "../prices/messages";

const isRateCardProblem = (code: string | undefined): code is RateCardProblem =>
  code !== undefined && Object.hasOwn(RATE_CARD_PROBLEMS, code);

/** What the console and `npm run vendors:import` say of each import problem, from its code and values. */
const IMPORT_TEXTS: Record<ImportCode, (values: string[]) => string> = {
  "import-name": () => "name must be 2 to 200 characters",
  "import-website": () => "website is missing or not a URL",
  "import-phone": () => "phone must be 10 to 30 characters",
  "import-email": () => "email is not an email address",
  "import-street": () => "street is missing",
  "import-state": ([state]) => `unknown state ${state}`,
  "import-city": ([city, state]) => `unknown city ${city}, ${state}`,
  "import-zip": ([zip, city, state]) => `ZIP ${zip} is not in ${city}, ${state}`,
  "import-rating": () => "rating must be 0 to 5 with one decimal",
  "import-description": () => "description is too long",
  "import-service-zip": ([zip]) => `unknown service ZIP ${zip}`,
  "import-rates": ([problem]) =>
    `rates: ${isRateCardProblem(problem) ? RATE_CARD_PROBLEMS[problem] : "the rate card is not in the expected form"}`,
  "import-repeat": ([row]) => `website repeats row ${row}`,
  "import-file": () => "Choose a CSV file to import",
  "import-too-large": () => `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`,
  "import-csv": ([detail]) => `The file is not a readable CSV: ${detail}`,
  "import-empty": () => "The file has no rows",
  "import-rows": ([max]) => `An import holds at most ${max} rows`,
  "import-columns": (missing) => `Missing column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`,
};

export const isImportCode = (code: string): code is ImportCode => Object.hasOwn(IMPORT_TEXTS, code);

export const importText = ({ code, values }: ImportProblem) => IMPORT_TEXTS[code](values);

/** What to tell the operator when an import stopped part-way, at `row`. */
export const importStoppedText = (row: number) =>
  `The import stopped at row ${row}: the rows before it are done and the rest were not imported. ` +
  "Importing the same file again picks up where it stopped.";
