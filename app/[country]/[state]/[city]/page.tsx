import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Breadcrumbs } from "@/components/directory/breadcrumbs";
import { Hero } from "@/components/directory/hero";
import { LocationSearch } from "@/components/directory/location-search";
import { VendorGrid } from "@/components/directory/vendor-grid";
import { VendorPagination } from "@/components/directory/vendor-pagination";
import { VendorSort } from "@/components/directory/vendor-sort";
import { CityMap } from "@/components/maps/city-map";
import { getCityPage, getCityZip } from "@/lib/listings/data";
import { heroFor, paragraphs, uniqueVendors } from "@/lib/listings/ordering";
import { pageMetadata, placeCrumbs } from "@/lib/seo";

export const revalidate = 300;
export const generateStaticParams = async () => [];

type Params = { params: Promise<{ country: string; state: string; city: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { country, state, city } = await params;
  // A failed load leaves the defaults here; the page itself then shows its error.
  const data = await getCityPage(country, state, city).catch(() => null);
  if (!data) return {};
  const count = data.vendor_total;
  return pageMetadata({
    title: `Skid Steer Rentals in ${data.city.name}, ${data.state.code}`,
    description: `${count} skid steer rental ${count === 1 ? "vendor serves" : "vendors serve"} ${data.city.name}, ${data.state.name}. Compare ratings and contact details, then send a free rental request.`,
    path: `/${data.country.slug}/${data.state.slug}/${data.city.slug}`,
  });
}

export default async function CityPage({ params }: Params) {
  const { country, state, city } = await params;
  const data = await getCityPage(country, state, city);
  if (!data) redirect(`/${country}/${state}`);
  const place = `${data.city.name}, ${data.state.code}`;
  const base = `/${data.country.slug}/${data.state.slug}/${data.city.slug}`;
  const description = paragraphs(data.description);
  const zip = await getCityZip(data.state.slug, data.city.slug).catch(() => null);
  return (
    <>
      {/* The rental dialog prefills the job site with the city's ZIP. */}
      {zip && <span hidden data-job-zip={zip} />}
      <Breadcrumbs crumbs={placeCrumbs(data.country, data.state, data.city)} />
      <Hero hero={heroFor(data.hero, place)}>
        <LocationSearch state={data.state.slug} />
      </Hero>
      <VendorGrid
        vendors={uniqueVendors(data.vendors)}
        heading={`Vendors serving ${data.city.name}`}
        toolbar={<VendorSort base={base} sort="rating" />}
        pagination={<VendorPagination base={base} page={1} total={data.vendor_total} />}
      />
      <CityMap state={data.state.slug} city={data.city.slug} place={place} vendorIds={data.vendors.map((vendor) => vendor.id)} />
      <section className="mt-10 max-w-3xl" aria-labelledby="city-about-heading">
        <h2 id="city-about-heading" className="text-2xl font-bold">
          Skid steer rental in {data.city.name}
        </h2>
        {description.length > 0 ? (
          description.map((text, index) => (
            <p key={index} className="mt-3 leading-7 text-ink-700">
              {text}
            </p>
          ))
        ) : (
          <p className="mt-3 leading-7 text-ink-700">You can find skid steer rental vendors serving {data.city.name} above.</p>
        )}
      </section>
    </>
  );
}
