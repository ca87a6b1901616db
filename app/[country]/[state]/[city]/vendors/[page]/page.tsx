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

type Params = { params: Promise<{ country: string; state: string; city: string; page: string }> };

async function load(params: Params["params"]) {
  const { country, state, city, page } = await params;
  const number = furtherVendorPage(page);
  if (number === null) redirect(`/${country}/${state}/${city}`);
  const data = await getCityPage(country, state, city, number);
  if (!data) redirect(`/${country}/${state}`);
  const base = `/${data.country.slug}/${data.state.slug}/${data.city.slug}`;
  if (number > vendorPageCount(data.vendor_total)) redirect(base);
  return { data, number, base };
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { data, number, base } = await load(params);
  return pageMetadata({
    title: `Skid Steer Rental Vendors Serving ${data.city.name}, ${data.state.code}, Page ${number}`,
    description: `Page ${number} of the ${data.vendor_total} skid steer rental vendors serving ${data.city.name}, ${data.state.name}.`,
    path: `${base}/vendors/${number}`,
  });
}

export default async function CityVendorsPage({ params }: Params) {
  const { data, number, base } = await load(params);
  const { country, state, city, vendors, vendor_total } = data;
  return (
    <>
      <Breadcrumbs
        crumbs={[...placeCrumbs(country, state, city), { name: `Vendors, page ${number}`, path: `${base}/vendors/${number}` }]}
      />
      <VendorGrid
        headingLevel="h1"
        vendors={uniqueVendors(vendors)}
        heading={`Vendors serving ${city.name}, ${state.code}, page ${number}`}
        toolbar={<VendorSort base={base} sort="rating" />}
        pagination={<VendorPagination base={base} page={number} total={vendor_total} />}
      />
    </>
  );
}
