import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Breadcrumbs } from "@/components/directory/breadcrumbs";
import { VendorGrid } from "@/components/directory/vendor-grid";
import { VendorPagination } from "@/components/directory/vendor-pagination";
import { VendorSort } from "@/components/directory/vendor-sort";
import { getCityPage } from "@/lib/listings/data";
import { furtherVendorPage, uniqueVendors, vendorPageCount } from "@/lib/listings/ordering";
import { pageMetadata, placeCrumbs } from "@/lib/seo";

export const revalidate = 300;
export const generateStaticParams = async () => [];

type Params = { params: Promise<{ country: string; state: string; city: string; page?: string[] }> };

/** A city's vendors by their lowest published day rate: `…/by-price`, then `…/by-price/2`, … */
async function load(params: Params["params"]) {
  const { country, state, city, page } = await params;
  const cityPath = `/${country}/${state}/${city}`;
  const number = page === undefined ? 1 : page.length === 1 ? furtherVendorPage(page[0]) : null;
  if (number === null) redirect(`${cityPath}/by-price`);
  const data = await getCityPage(country, state, city, number, "price");
  if (!data) redirect(`/${country}/${state}`);
  const base = `/${data.country.slug}/${data.state.slug}/${data.city.slug}`;
  if (number > vendorPageCount(data.vendor_total)) redirect(`${base}/by-price`);
  return { data, number, base };
}

const byPriceHref = (base: string) => (page: number) => (page === 1 ? `${base}/by-price` : `${base}/by-price/${page}`);

// The same vendors as the city's own pages in another order: the city's page is canonical.
export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { data, base } = await load(params);
  return {
    ...pageMetadata({
      title: `Skid Steer Rentals in ${data.city.name}, ${data.state.code} by Price`,
      description: `The skid steer rental vendors serving ${data.city.name}, ${data.state.name}, lowest day rate first.`,
      path: base,
    }),
    robots: { index: false, follow: true },
  };
}

export default async function CityVendorsByPrice({ params }: Params) {
  const { data, number, base } = await load(params);
  const { country, state, city, vendors, vendor_total } = data;
  return (
    <>
      <Breadcrumbs crumbs={[...placeCrumbs(country, state, city), { name: "By price", path: byPriceHref(base)(number) }]} />
      <VendorGrid
        headingLevel="h1"
        vendors={uniqueVendors(vendors)}
        heading={`Vendors serving ${city.name}, ${state.code}, lowest day rate first${number > 1 ? `, page ${number}` : ""}`}
        toolbar={<VendorSort base={base} sort="price" />}
        pagination={<VendorPagination base={base} page={number} total={vendor_total} href={byPriceHref(base)} />}
      />
    </>
  );
}
