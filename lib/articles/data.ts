import "server-only";
import sanitizeHtml from "sanitize-html";
import { cache } from "react";
import { isSlug } from "../slug";
import { CACHE_TAGS } from "../data/cache-tags";
import { cachedRpcAllRows, rpc } from "../data/rpc";

export interface ArticleSummary {
  id: number;
  slug: string;
  title: string;
  excerpt: string | null;
  cover_image: string | null;
  published_at: string;
}
export interface Article extends ArticleSummary {
  content: string;
}

export const getArticles = () => cachedRpcAllRows<ArticleSummary>(CACHE_TAGS.articles, "articles_list");

/** One article by slug; not cached on its own (the page is), so unknown slugs leave nothing behind. */
export const getArticle = cache(async (slug: string): Promise<Article | null> => {
  if (!isSlug(slug)) return null;
  const rows = await rpc<Article[]>("article_by_slug", { p_slug: slug });
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
