/** A published review as the public sees it. */
export interface PublicReview {
  id: number;
  stars: number;
  body: string | null;
  author: string;
  machine: "wheeled" | "tracked";
  requested_at: string;
  published_at: string;
  reply: string | null;
  replied_at: string | null;
}

export interface ReviewPage {
  total: number;
  reviews: PublicReview[];
}

/** The longest review text, in characters. */
export const MAX_REVIEW_LENGTH = 2000;
