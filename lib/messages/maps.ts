/** What "Use my location" and "Does it deliver to my ZIP?" say when they find nothing. */
export const NEAR_MESSAGES = {
  "position-invalid": "Your browser sent a position we cannot read. Enter a ZIP code or city instead.",
  "position-abroad": "Your position is outside the United States. Enter a US ZIP code or city instead.",
  "position-remote": "We know no town within 60 miles of your position yet. Enter a ZIP code or a nearby larger city instead.",
  denied: "Your browser did not share your location. Enter a ZIP code or city instead.",
  unavailable: "Your browser could not find your location. Enter a ZIP code or city instead.",
  failed: "Finding your location failed. Enter a ZIP code or city instead.",
} as const;

export type NearMessage = keyof typeof NEAR_MESSAGES;

export const DELIVERY_MESSAGES = {
  "zip-invalid": "Enter a 5-digit US ZIP code.",
  "zip-unknown": "We do not know that ZIP code. Check its 5 digits.",
  "listing-unknown": "This listing is no longer shown. Search for vendors near your ZIP code instead.",
  failed: "Checking the ZIP code failed. Please try again.",
} as const;

export type DeliveryMessage = keyof typeof DELIVERY_MESSAGES;
