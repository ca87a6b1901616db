import type { RefusalTexts } from "../data/refusals";

/** What the business's and the operator's pages say when a listing's edit is refused. */
export const LISTING_REFUSALS = {
  "listing-name": "Name must be 2 to 200 characters",
  phone: "Please enter a valid phone number",
  website: "Please enter a valid website URL (e.g. example.com)",
  email: "Please enter a valid email address",
  photo: "The photo must be an https:// address",
  zip: "A service ZIP code is not a US ZIP code in the directory",
  "too-long": "A field is too long",
} satisfies RefusalTexts;
