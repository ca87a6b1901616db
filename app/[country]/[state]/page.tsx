import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { redirect } from "next/navigation";
import { Breadcrumbs } from "@/components/directory/breadcrumbs";
import { Hero } from "@/components/directory/hero";
import { LocationSearch } from "@/components/directory/location-search";
import { SeoText } from "@/components/directory/seo-text";
import { VendorGrid } from "@/components/directory/vendor-grid";
import { VendorPagination } from "@/components/directory/vendor-pagination";
import { StateMap } from "@/components/maps/state-map";
import { ShowMore } from "@/components/show-more";
import { getStatePage } from "@/lib/listings/data";
import { getStateMap } from "@/lib/maps/data";
import { heroFor, PAGE_SIZES, sortCitiesByVendorCount, uniqueVendors } from "@/lib/listings/ordering";
import { pageMetadata, placeCrumbs } from "@/lib/seo";

export const revalidate = 300;
export const generateStaticParams = async () => [];

type Params = { params: Promise<{ country: string; state: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { country, state } = await params;
  // A failed load leaves the defaults here; the page itself then shows its error.
  const data = await getStatePage(country, state).catch(() => null);
  if (!data) return {};
  return pageMetadata({
    title: `Skid Steer Rentals in ${data.state.name}`,
    description: `Compare ${data.vendor_total} skid steer rental vendors in ${data.state.name} across ${data.cities.length} cities. Wheeled and tracked loaders, delivered to your site.`,
    path: `/${data.country.slug}/${data.state.slug}`,
  });
}

export default async function StatePage({ params }: Params) {
  const { country, state } = await params;
  const data = await getStatePage(country, state);
  if (!data) redirect(`/${country}`);
  const base = `/${data.country.slug}/${data.state.slug}`;
  const cities = sortCitiesByVendorCount(data.cities);
  const mapCities = await getStateMap(data.state.slug);
  return (
    <>
      <Breadcrumbs crumbs={placeCrumbs(data.country, data.state)} />
      <Hero hero={heroFor(data.hero, data.state.name)}>
        <LocationSearch state={data.state.slug} />
      </Hero>
      <SeoText text={data.seo_body_text} heading={`Renting a skid steer in ${data.state.name}`} />
      <StateMap stateName={data.state.name} base={base} cities={mapCities} />
      <section className="mt-10" aria-labelledby="cities-heading">
        <h2 id="cities-heading" className="text-2xl font-bold">
          Cities in {data.state.name}
        </h2>
        {cities.length === 0 ? (
          <p className="mt-3 text-ink-600">No cities with vendors are listed in {data.state.name} yet.</p>
        ) : (
          <ShowMore
            initial={PAGE_SIZES.cities.initial}
            step={PAGE_SIZES.cities.step}
            className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-4"
            itemClassName="city-link"
            label="Show More Cities"
          >
            {cities.map((city) => (
              // Few elements and one text node each: fewer for the list's hydration.
              <Link key={city.city_slug} href={`${base}/${city.city_slug}`} className="list-link font-medium">
                {city.city_name}
                <span className="text-sm font-normal text-ink-600">
                  {`${city.vendor_count} ${city.vendor_count === 1 ? "vendor" : "vendors"}`}
                </span>
              </Link>
            ))}
          </ShowMore>
        )}
      </section>
      <VendorGrid
        vendors={uniqueVendors(data.vendors)}
        heading={`Skid steer rental vendors in ${data.state.name}`}
        pagination={<VendorPagination base={base} page={1} total={data.vendor_total} />}
      />
    </>
  );
}
