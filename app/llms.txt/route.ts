import { absoluteUrl } from "@/lib/seo";
import { resourceArticles, siteName } from "@/lib/site";

export const dynamic = "force-static";

const link = (label: string, path: string) => `- [${label}](${absoluteUrl(path)})`;

/** The site in brief for language-model agents (llmstxt.org): what it is and where its parts live. */
export function GET(): Response {
  const text = [
    `# ${siteName}`,
    "",
    "> The US directory of skid steer and compact track loader rental vendors: find vendors by state and city, " +
      "compare their published rates, browse and compare skid steer models, and send a free rental request that reaches local vendors.",
    "",
    "## Directory",
    link("Rental vendors by state and city", "/us"),
    "",
    "## Skid steer models",
    link("All models with their specifications", "/us/skidsteers"),
    link("Compare models side by side", "/us/skidsteers/compare"),
    link("Popular models", "/models"),
    "",
    "## Guides",
    link("All articles", "/articles"),
    ...resourceArticles.map((article) => link(article.label, `/articles/${article.slug}`)),
    "",
    "## For rental businesses",
    link("Submit your business", "/submit"),
    "",
    "## Optional",
    link("About", "/about"),
    link("Contact", "/contact"),
    link("Privacy policy", "/privacy"),
    link("Terms of use", "/terms"),
    link("Sitemap", "/sitemap.xml"),
  ].join("\n");
  return new Response(`${text}\n`, {
    headers: { "Content-Type": "text/markdown; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
