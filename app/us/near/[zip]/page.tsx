import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Breadcrumbs } from "@/components/directory/breadcrumbs";
import { LocationSearch } from "@/components/directory/location-search";
import { VendorGrid } from "@/components/directory/vendor-grid";
import { Link } from "@/components/ui/link";
import { getVendorsNearest } from "@/lib/maps/data";

export const revalidate = 300;
export const generateStaticParams = async () => [];

type Params = { params: Promise<{ zip: string }> };

const nearest = (zip: string) => (/^\d{5}$/.test(zip) ? getVendorsNearest(zip) : Promise.resolve(null));

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { zip } = await params;
  const data = await nearest(zip).catch(() => null);
  if (!data) return {};
  return {
    title: `Skid Steer Rental Vendors Near ${data.zip} (${data.city_name}, ${data.state_code})`,
    description: `The skid steer rental vendors nearest ZIP code ${data.zip} in ${data.city_name}, ${data.state_code}, nearest first with their distance.`,
    // A ZIP code's list repeats its city's page: the city's page is the one to index.
    robots: { index: false, follow: true },
  };
}

/** "Use my location" lands here: the vendors nearest a ZIP code, nearest first, with their miles. */
export default async function NearPage({ params }: Params) {
  const { zip } = await params;
  const data = await nearest(zip);
  if (!data) notFound();
  const byId = new Map(data.vendors.map((vendor) => [vendor.card.id, vendor]));
  const cityPath = `/us/${data.state_slug}/${data.city_slug}`;
  return (
    <>
      {/* The rental dialog prefills the job site with this ZIP code. */}
      <span hidden data-job-zip={data.zip} />
      <Breadcrumbs
        crumbs={[
          { name: "Home", path: "/" },
          { name: "United States", path: "/us" },
          { name: `Near ${data.zip}`, path: `/us/near/${data.zip}` },
        ]}
      />
      <h1 className="mt-4 text-3xl font-extrabold">Skid steer rental vendors near {data.zip}</h1>
      <p className="mt-2 max-w-2xl text-ink-700">
        ZIP code {data.zip} is in{" "}
        <Link href={cityPath} className="font-medium text-brand-700 underline">
          {data.city_name}, {data.state_code}
        </Link>
        . The vendors are listed nearest first, by the straight-line distance from their yard; a vendor may still deliver farther.
      </p>
      <div className="mt-4">
        <LocationSearch />
      </div>
      {data.vendors.length === 0 ? (
        <p className="mt-8 text-ink-700" data-testid="near-none">
          No vendor has its yard within 100 miles of {data.zip}. Try the{" "}
          <Link href={cityPath} className="text-brand-700 underline">
            vendors serving {data.city_name}
          </Link>
          .
        </p>
      ) : (
        <VendorGrid
          vendors={data.vendors.map((vendor) => vendor.card)}
          heading={`The ${data.vendors.length} nearest vendors`}
          note={(card) => {
            const found = byId.get(card.id)!;
            return (
              <p className="text-sm font-semibold" data-testid="vendor-distance">
                {found.miles < 1 ? "Under 1 mile" : `${found.miles.toFixed(1)} miles`} away
                {found.serves && <span className="font-normal text-ink-700"> · serves {data.zip}</span>}
              </p>
            );
          }}
        />
      )}
    </>
  );
}
