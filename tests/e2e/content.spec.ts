import { expect, test } from "@playwright/test";
import { query } from "./helpers/db";

test("articles newest first, article page, and Article not found", async ({ page }) => {
  const articles = await query<{ slug: string; title: string }>("select slug, title from public.articles order by published_at desc");
  await page.goto("/articles");
  const titles = page.getByTestId("article-list").locator("h2");
  await expect(titles).toHaveCount(articles.length);
  await expect(titles.first()).toHaveText(articles[0].title);
  await page.goto(`/articles/${articles[1].slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(articles[1].title);
  await page.goto("/articles/no-such-article");
  await expect(page.getByText("Article not found")).toBeVisible();
});

test("static pages, unknown paths, sitemap and headers", async ({ page, request }) => {
  for (const path of ["/about", "/contact", "/privacy", "/terms"]) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["x-powered-by"]).toBeUndefined();
  }
  await page.goto("/this/path/does/not/exist/anywhere");
  await expect(page).toHaveURL(/\/us$/);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const vendors = await query<{ slug: string }>("select slug from public.vendors");
  const models = await query<{ slug: string }>("select slug from public.equipment_models");
  for (const v of vendors) expect(sitemap).toContain(`/${v.slug}</loc>`);
  for (const m of models) expect(sitemap).toContain(`/${m.slug}</loc>`);
});
