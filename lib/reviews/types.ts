/** The longest review text, in characters. */
export const MAX_REVIEW_LENGTH = 2000;
