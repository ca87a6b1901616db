import { z } from "zod";
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

export const publicReviewFields = {
  id: z.number(),
  stars: z.number(),
  body: z.string().nullable(),
  author: z.string(),
  machine: z.enum(["wheeled", "tracked"]),
  requested_at: z.string(),
  published_at: z.string(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
};

export const reviewPageSchema: z.ZodType<ReviewPage> = z.object({ total: z.number(), reviews: z.array(z.object(publicReviewFields)) });
