import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Breadcrumbs } from "@/components/directory/breadcrumbs";
import { VendorGrid } from "@/components/directory/vendor-grid";
import { VendorPagination } from "@/components/directory/vendor-pagination";
import { getStatePage } from "@/lib/listings/data";
import { furtherVendorPage, uniqueVendors, vendorPageCount } from "@/lib/listings/ordering";
import { pageMetadata, placeCrumbs } from "@/lib/seo";

export const revalidate = 300;
export const generateStaticParams = async () => [];

type Params = { params: Promise<{ country: string; state: string; page: string }> };

async function load(params: Params["params"]) {
  const { country, state, page } = await params;
  const number = furtherVendorPage(page);
  if (number === null) redirect(`/${country}/${state}`);
  const data = await getStatePage(country, state, number);
  if (!data) redirect(`/${country}`);
  const base = `/${data.country.slug}/${data.state.slug}`;
  if (number > vendorPageCount(data.vendor_total)) redirect(base);
  return { data, number, base };
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { data, number, base } = await load(params);
  return pageMetadata({
    title: `Skid Steer Rental Vendors in ${data.state.name}, Page ${number}`,
    description: `Page ${number} of the ${data.vendor_total} skid steer rental vendors in ${data.state.name}.`,
    path: `${base}/vendors/${number}`,
  });
}

export default async function StateVendorsPage({ params }: Params) {
  const { data, number, base } = await load(params);
  const { country, state, vendors, vendor_total } = data;
  return (
    <>
      <Breadcrumbs crumbs={[...placeCrumbs(country, state), { name: `Vendors, page ${number}`, path: `${base}/vendors/${number}` }]} />
      <VendorGrid
        headingLevel="h1"
        vendors={uniqueVendors(vendors)}
        heading={`Skid steer rental vendors in ${state.name}, page ${number}`}
        pagination={<VendorPagination base={base} page={number} total={vendor_total} />}
      />
    </>
  );
}
