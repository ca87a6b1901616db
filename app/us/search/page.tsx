import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { redirect } from "next/navigation";
import { Breadcrumbs } from "@/components/directory/breadcrumbs";
import { LocationSearch } from "@/components/directory/location-search";
import { searchLocation } from "@/lib/listings/search";

export const metadata: Metadata = {
  title: "Find Skid Steer Rental Vendors Near You",
  description: "Search skid steer rental vendors by ZIP code or city name.",
  robots: { index: false, follow: true },
};

type Props = { searchParams: Promise<{ q?: string | string[]; state?: string | string[] }> };

export default async function SearchPage({ searchParams }: Props) {
  const params = await searchParams;
  const query = (Array.isArray(params.q) ? params.q[0] : params.q) ?? "";
  const state = (Array.isArray(params.state) ? params.state[0] : params.state) ?? null;
  const outcome = await searchLocation(query, state && /^[a-z-]{2,40}$/.test(state) ? state : null);
  if (outcome.kind === "redirect") redirect(outcome.path);
  return (
    <>
      <Breadcrumbs
        crumbs={[
          { name: "Home", path: "/" },
          { name: "United States", path: "/us" },
          { name: "Search", path: "/us/search" },
        ]}
      />
      <h1 className="mt-4 text-3xl font-extrabold">Find vendors near you</h1>
      <div className="mt-4">
        <LocationSearch state={state ?? undefined} />
      </div>
      <div className="mt-6" role="status">
        {outcome.kind === "invalid" && <p>Enter a 5-digit ZIP code or at least 2 letters of a city name.</p>}
        {outcome.kind === "none" && (
          <p>No cities with vendors match “{query}”. Check the spelling, or try a 5-digit ZIP code or a nearby larger city.</p>
        )}
        {outcome.kind === "results" && (
          <>
            <p>Cities matching “{query}”:</p>
            <ul className="mt-3 grid gap-2 sm:grid-cols-2">
              {outcome.results.map((city) => (
                <li key={`${city.state_slug}/${city.city_slug}`}>
                  <Link
                    href={`/us/${city.state_slug}/${city.city_slug}`}
                    className="block rounded-md border border-ink-200 px-4 py-3 hover:border-brand-500"
                  >
                    <span className="font-medium">
                      {city.city_name}, {city.state_name}
                    </span>
                    <span className="ml-2 text-sm text-ink-600">{city.vendor_count} vendors</span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}
