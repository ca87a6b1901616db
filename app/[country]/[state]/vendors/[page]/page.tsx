import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Breadcrumbs } from "@/components/directory/breadcrumbs";
import { VendorGrid } from "@/components/directory/vendor-grid";
import { VendorPagination } from "@/components/directory/vendor-pagination";
import { getStatePage } from "@/lib/data/directory";
import { uniqueVendors, vendorPageNumber } from "@/lib/directory/ordering";
import { pageMetadata } from "@/lib/seo";

export const revalidate = 300;
export const generateStaticParams = async () => [];

type Params = { params: Promise<{ country: string; state: string; page: string }> };

async function load(params: Params["params"]) {
  const { country, state, page } = await params;
  const first = await getStatePage(country, state);
  if (!first) redirect(`/${country}`);
  const number = vendorPageNumber(page, first.vendor_total);
  const base = `/${first.country.slug}/${first.state.slug}`;
  if (number === null || number === 1) redirect(base);
  return { data: await getStatePage(country, state, number), number, base };
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { data, number, base } = await load(params);
  return pageMetadata({
    title: `Skid Steer Rental Vendors in ${data!.state.name}, Page ${number}`,
    description: `Page ${number} of the ${data!.vendor_total} skid steer rental vendors in ${data!.state.name}.`,
    path: `${base}/vendors/${number}`,
  });
}

export default async function StateVendorsPage({ params }: Params) {
  const { data, number, base } = await load(params);
  const { country, state, vendors, vendor_total } = data!;
  return (
    <>
      <Breadcrumbs crumbs={[{ name: "Home", path: "/" }, { name: country.name, path: `/${country.slug}` }, { name: state.name, path: base },
        { name: `Vendors, page ${number}`, path: `${base}/vendors/${number}` }]} />
      <VendorGrid headingLevel="h1" vendors={uniqueVendors(vendors)} heading={`Skid steer rental vendors in ${state.name}, page ${number}`}
        pagination={<VendorPagination base={base} page={number} total={vendor_total} />} />
    </>
  );
}
