import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { getArticles } from "@/lib/articles/data";
import { pageMetadata } from "@/lib/seo";

export const revalidate = 300;

export const metadata: Metadata = pageMetadata({
  title: "Skid Steer Rental Guides and Articles",
  description: "Guides to renting a skid steer: costs, safety, insurance, attachments and choosing the right machine.",
  path: "/articles",
});

export default async function ArticlesPage() {
  const articles = await getArticles();
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight">Articles</h1>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="article-list">
        {articles.map((a, index) => (
          <li key={a.slug} className="overflow-hidden rounded-[var(--radius-card)] border border-ink-200">
            {a.cover_image && (
              // The first row's covers are the page's largest paint: they load at once and first.
              // eslint-disable-next-line @next/next/no-img-element
              <img
                src={a.cover_image}
                alt=""
                width={400}
                height={300}
                loading={index < 3 ? "eager" : "lazy"}
                fetchPriority={index < 3 ? "high" : undefined}
                className="aspect-[4/3] w-full bg-ink-100 object-cover"
              />
            )}
            <div className="p-4">
              <h2 className="text-lg font-bold">
                <Link href={`/articles/${a.slug}`} className="hover:underline">
                  {a.title}
                </Link>
              </h2>
              <p className="mt-2 text-sm text-ink-700">{a.excerpt}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
