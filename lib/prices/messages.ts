/**
 * Why a rate card is refused, in the words of both its checks: the forms' schema
 * (rate-card-form.ts) and the database's rate_card_problem(). The same codes as the database's refusals
 * (lib/data/refusals.ts); pages show these texts for them.
 */
export const RATE_CARD_PROBLEMS = {
  "rates-form": "The rate card is not in the expected form",
  "rates-none": "Enter the rates of at least one machine class",
  "rates-class": "Unknown or repeated machine class",
  "rates-number": "Rates and hours must be numbers",
  "rates-day": "Enter a day rate for each class you rent",
  "rates-negative": "Rates cannot be negative",
  "rates-minimum": "A rate must be at least $1",
  "rates-large": "A rate is too large",
  "rates-week": "A week cannot cost more than 7 days",
  "rates-four-week": "A 4-week rate cannot cost more than 4 weeks",
  "rates-hours": "Meter hours must be whole hours that fit in their period",
  "rates-delivery": "Delivery needs a flat fee, its radius in miles and a rate per mile beyond",
  "rates-delivery-negative": "Delivery fees cannot be negative",
  "rates-delivery-large": "A delivery fee is too large",
  "rates-radius": "The flat-fee delivery radius must be 0 to 500 whole miles",
  "rates-waiver": "The damage waiver must be 0 to 50 %",
  "rates-fee-count": "A rate card has at most 5 other fees",
  "rates-fee": "Each fee needs a label of 2 to 60 characters and either a percentage or an amount",
  "rates-fee-negative": "Fees cannot be negative",
  "rates-fee-large": "A fee is at most 30 % or $5,000",
} as const;

export type RateCardProblem = keyof typeof RATE_CARD_PROBLEMS;

/** The code of a problem's text (as the form's schema words it). */
export const rateCardProblemCode = (text: string | undefined): RateCardProblem =>
  (Object.entries(RATE_CARD_PROBLEMS).find(([, problem]) => problem === text)?.[0] as RateCardProblem | undefined) ?? "rates-form";
