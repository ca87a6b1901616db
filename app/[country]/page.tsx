import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { redirect } from "next/navigation";
import { Breadcrumbs } from "@/components/directory/breadcrumbs";
import { CountryMap } from "@/components/maps/country-map";
import { Hero } from "@/components/directory/hero";
import { LocationSearch } from "@/components/directory/location-search";
import { QuickLinks } from "@/components/directory/quick-links";
import { SeoText } from "@/components/directory/seo-text";
import { VendorGrid } from "@/components/directory/vendor-grid";
import { getCountryPage } from "@/lib/listings/data";
import { heroFor, topStates, uniqueVendors } from "@/lib/listings/ordering";
import { pageMetadata, placeCrumbs } from "@/lib/seo";

export const revalidate = 300;
export const generateStaticParams = async () => [];

type Params = { params: Promise<{ country: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { country } = await params;
  // A failed load leaves the defaults here; the page itself then shows its error.
  const data = await getCountryPage(country).catch(() => null);
  if (!data) return {};
  return pageMetadata({
    title: `Skid Steer Rentals in the ${data.country.name}: Find Local Vendors`,
    description: `Find skid steer and compact track loader rental vendors across the ${data.country.name}. Browse ${data.states.length} states, compare vendors and send a free rental request.`,
    path: `/${data.country.slug}`,
  });
}

export default async function CountryPage({ params }: Params) {
  const { country } = await params;
  const data = await getCountryPage(country);
  if (!data) redirect("/");
  const hero = heroFor(data.hero, data.country.name);
  return (
    <>
      <Breadcrumbs crumbs={placeCrumbs(data.country)} />
      <Hero hero={hero}>
        <LocationSearch />
      </Hero>
      <SeoText text={data.seo_body_text} heading="Renting a skid steer" />
      <CountryMap states={data.states} countrySlug={data.country.slug} />
      <QuickLinks states={data.states} countrySlug={data.country.slug} />
      <VendorGrid vendors={uniqueVendors(data.vendors)} heading="Top-rated skid steer rental vendors" />
      <section className="mt-12" aria-labelledby="related-heading">
        <h2 id="related-heading" className="text-2xl font-bold">
          Related resources
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {topStates(data.states, 5).map((state) => (
            <li key={state.state_slug}>
              <Link
                href={`/${data.country.slug}/${state.state_slug}`}
                className="block rounded-[var(--radius-card)] border border-ink-200 p-4 hover:border-brand-500"
              >
                <span className="font-semibold">Skid steer rentals in {state.state_name}</span>
                <span className="mt-1 block text-sm text-ink-600">{state.vendor_count} vendors</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
