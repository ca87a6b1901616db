import "server-only";
import sanitizeHtml from "sanitize-html";
import { cache } from "react";
import { isSlug } from "../slug";
import { CACHE_TAGS } from "../data/cache-tags";
import { z } from "zod";
import { cachedRpcAllRows, rpc } from "../data/rpc";

const summaryFields = {
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string().nullable(),
  cover_image: z.string().nullable(),
  published_at: z.string(),
};
const articleSchema = z.object({ ...summaryFields, content: z.string() });
export type Article = z.infer<typeof articleSchema>;

export const getArticles = () => cachedRpcAllRows(CACHE_TAGS.articles, "articles_list", {});

/** One article by slug; not cached on its own (the page is), so unknown slugs leave nothing behind. */
export const getArticle = cache(async (slug: string): Promise<Article | null> => {
  if (!isSlug(slug)) return null;
  const rows = await rpc("article_by_slug", { p_slug: slug }, z.array(articleSchema));
  return rows[0] ?? null;
});

/** Article HTML with no scripts, event handlers or javascript: links. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "h2", "h3", "h4"],
    allowedAttributes: { a: ["href", "title", "rel", "target"], img: ["src", "alt", "width", "height", "loading"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
  });
}
