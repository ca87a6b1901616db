"use server";
import { z } from "zod";
import { anyone, clientAction } from "../platform/action";
import { clientKey } from "../platform/request";
import { businessActionSchema } from "./schema";
import { stateCities, submitVendor } from "./data";

/** A business's submission; the form says what a refusal means (lib/submissions/messages.ts). */
export const submitBusiness = clientAction("Business submission", {
  audience: anyone,
  input: businessActionSchema,
  invalid: "submission-invalid",
  fieldOf: { "website-submitted": "website", "limit-submission": "form" },
  // Only bots fill in the hidden field: accept quietly, store nothing.
  call: async (business) => (business.company_fax ? null : submitVendor(business, await clientKey())),
  done: () => null,
});

/** Cities of a US state, by name, for the form's city choice. */
export const citiesForState = clientAction("Listing a state's cities", {
  audience: anyone,
  input: z.string().regex(/^[a-z-]{2,60}$/),
  invalid: "state",
  call: (stateSlug) => stateCities(stateSlug),
  done: (cities) => cities,
});
