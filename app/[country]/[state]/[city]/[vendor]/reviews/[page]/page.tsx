import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Breadcrumbs } from "@/components/directory/breadcrumbs";
import { JsonLd } from "@/components/json-ld";
import { ReviewList } from "@/components/reviews/review-list";
import { getVendorPage } from "@/lib/listings/data";
import { furtherVendorPage, vendorPath } from "@/lib/listings/ordering";
import { REVIEWS_PER_PAGE, vendorReviews } from "@/lib/reviews/data";
import { localBusiness } from "@/lib/json-ld/builders";
import { pageMetadata, placeCrumbs } from "@/lib/seo";

export const revalidate = 300;
export const generateStaticParams = async () => [];

type Params = { params: Promise<{ country: string; state: string; city: string; vendor: string; page: string }> };

/** Pages 2 and on of a listing's reviews; the first is on the listing's page. */
async function load(params: Params["params"]) {
  const { country, state, city, vendor, page } = await params;
  const number = furtherVendorPage(page);
  const data = await getVendorPage(country, state, city, vendor);
  if (!data.vendor) redirect(`/${country}/${state}/${city}`);
  const path = vendorPath(data.vendor);
  if (number === null) redirect(path);
  const reviews = await vendorReviews(data.vendor.id, number);
  if (number > Math.ceil(reviews.total / REVIEWS_PER_PAGE)) redirect(path);
  return { data, vendor: data.vendor, path, number, reviews };
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { vendor, path, number } = await load(params);
  return pageMetadata({
    title: `Reviews of ${vendor.name}, ${vendor.city_name}, ${vendor.state_code}: Page ${number}`,
    description: `Page ${number} of the reviews of ${vendor.name} from renters who sent a request through Skid Steer Rentals.`,
    path: `${path}/reviews/${number}`,
  });
}

export default async function VendorReviewsPage({ params }: Params) {
  const { data, vendor, path, number, reviews } = await load(params);
  const crumbs = data.country && data.state && data.city ? placeCrumbs(data.country, data.state, data.city) : [];
  return (
    <>
      <Breadcrumbs
        crumbs={[...crumbs, { name: vendor.name, path }, { name: `Reviews, page ${number}`, path: `${path}/reviews/${number}` }]}
      />
      <JsonLd data={localBusiness(vendor, reviews.reviews)} />
      <ReviewList
        vendorName={vendor.name}
        vendorPath={path}
        summary={vendor.reviews}
        page={reviews}
        pageNumber={number}
        headingLevel="h1"
      />
    </>
  );
}
