import "server-only";
import sanitizeHtml from "sanitize-html";
import { cachedRpc, cachedRpcAllRows } from "./rpc";

export interface ArticleSummary { id: number; slug: string; title: string; excerpt: string | null; cover_image: string | null; published_at: string }
export interface Article extends ArticleSummary { content: string }

export const getArticles = () => cachedRpcAllRows<ArticleSummary>("articles_list");

export async function getArticle(slug: string): Promise<Article | null> {
  const rows = await cachedRpc<Article[]>("article_by_slug", { p_slug: slug });
  return rows[0] ?? null;
}

/** Article HTML with no scripts, event handlers or javascript: links. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "h2", "h3", "h4"],
    allowedAttributes: { a: ["href", "title", "rel", "target"], img: ["src", "alt", "width", "height", "loading"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
  });
}
