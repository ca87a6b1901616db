import type { RefusalTexts } from "../data/refusals";

/** What a vendor is told when its quote is refused, by code (the business pages and the emailed quote page). */
export const QUOTE_REFUSALS: RefusalTexts = {
  "quote-lines": "Each line needs a label, a quantity above 0 and a price: a quote has from 1 to 8 lines.",
  "negative-amount": "Amounts cannot be negative.",
  "quote-tax": "Sales tax must be between 0 and 20 percent.",
  "total-mismatch": "The total does not match the lines. Please send the quote again.",
  "quote-window": "A quote is valid for 1 to 14 days, and not past the rental's start date.",
  "quote-dates": "Give the dates the machine is available instead, from tomorrow on.",
  "quote-invalid": "A field of the quote is not valid.",
  "no-quote": "There is no open quote to withdraw: it was replaced, closed or booked.",
  "request-withdrawn": "The renter withdrew this request.",
  "request-booked": "The renter has already booked this request.",
  "request-cancelled": "The renter booked and then cancelled this request: it can no longer be quoted.",
  "rental-over": "This rental is over: it can no longer be quoted.",
  "rental-started": "The rental has started: it can no longer be quoted.",
  "too-long": "A field is too long: labels up to 80 characters, the message up to 1,000.",
};
