import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { JsonLd } from "@/components/json-ld";
import { guideArticle } from "@/lib/json-ld/builders";
import { getArticle, sanitizeArticleHtml } from "@/lib/articles/data";
import { pageMetadata } from "@/lib/seo";

export const revalidate = 300;
export const generateStaticParams = async () => [];

type Params = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const article = await getArticle((await params).slug);
  if (!article) return { title: "Article not found", robots: { index: false } };
  return pageMetadata({ title: article.title, description: article.excerpt ?? article.title, path: `/articles/${article.slug}` });
}

export default async function ArticlePage({ params }: Params) {
  const article = await getArticle((await params).slug);
  if (!article) notFound();
  return (
    <article className="mx-auto max-w-3xl">
      <JsonLd data={guideArticle(article)} />
      {article.cover_image && (
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={article.cover_image}
          alt=""
          width={800}
          height={600}
          fetchPriority="high"
          className="aspect-[4/3] w-full rounded-[var(--radius-card)] bg-ink-100 object-cover"
        />
      )}
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight">{article.title}</h1>
      <p className="mt-1 text-sm text-ink-600">
        Published {new Date(article.published_at).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" })}
      </p>
      <div
        className="prose-article mt-4"
        data-testid="article-content"
        dangerouslySetInnerHTML={{ __html: sanitizeArticleHtml(article.content) }}
      />
    </article>
  );
}
