import type { Metadata } from "next";
import { RentalRecords } from "@/components/directory/rental-records";
import { Link } from "@/components/ui/link";
import { permanentRedirect, redirect } from "next/navigation";
import { AdSlot } from "@/components/ads/ad-slot";
import { Breadcrumbs } from "@/components/directory/breadcrumbs";
import { VendorArea } from "@/components/maps/vendor-area";
import { Rating } from "@/components/directory/rating";
import { VendorPhoto } from "@/components/directory/vendor-photo";
import { JsonLd } from "@/components/json-ld";
import { RequestButton } from "@/components/rental/request-button";
import { HydrateApart } from "@/components/ui/hydrate-apart";
import { RateCardView } from "@/components/prices/rate-card-view";
import { Tooltip } from "@/components/ui/tooltip";
import { getVendorPage } from "@/lib/listings/data";
import { paragraphs, vendorPath } from "@/lib/listings/ordering";
import { pageMetadata } from "@/lib/seo";
import { WEBSITE_REL, websiteHref } from "@/lib/listings/website";
import { ReviewList } from "@/components/reviews/review-list";
import { localBusiness } from "@/lib/json-ld/builders";

export const revalidate = 300;
export const generateStaticParams = async () => [];

type Params = { params: Promise<{ country: string; state: string; city: string; vendor: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { country, state, city, vendor } = await params;
  // A failed load leaves the defaults here; the page itself then shows its error.
  const v = (await getVendorPage(country, state, city, vendor).catch(() => null))?.vendor;
  if (!v) return {};
  return pageMetadata({
    // Branches sharing a name in one city are told apart by their street.
    title: `${v.name_shared && v.street ? `${v.name}, ${v.street}` : v.name}: Skid Steer Rental in ${v.city_name}, ${v.state_code}`,
    description: `Rent a skid steer or compact track loader from ${v.name} in ${v.city_name}, ${v.state_code}. Address, phone, website and a free rental request.`,
    path: vendorPath(v),
  });
}

export default async function VendorPage({ params }: Params) {
  const { country, state, city, vendor } = await params;
  const data = await getVendorPage(country, state, city, vendor);
  if (!data.vendor) {
    if (data.city) redirect(`/${country}/${state}/${city}`);
    if (data.state) redirect(`/${country}/${state}`);
    redirect(data.country ? `/${country}` : "/");
  }
  const v = data.vendor;
  // A listing has one address: under any other city it moves to its own.
  if (vendorPath(v) !== `/${country}/${state}/${city}/${vendor}`) permanentRedirect(vendorPath(v));
  const reviews = data.reviews ?? { total: 0, reviews: [] };
  const description = paragraphs(v.description);
  const website = websiteHref(v.site);
  return (
    <>
      <Breadcrumbs
        crumbs={[
          { name: "Home", path: "/" },
          { name: "United States", path: `/${v.country_slug}` },
          { name: data.state?.name ?? v.state_code, path: `/${country}/${state}` },
          { name: data.city?.name ?? v.city_name, path: `/${country}/${state}/${city}` },
          { name: v.name, path: `/${country}/${state}/${city}/${v.slug}` },
        ]}
      />
      <JsonLd data={localBusiness(v, reviews.reviews)} />
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <article className="wrap-anywhere">
          <div className="flex flex-wrap items-center">
            <h1 className="text-3xl font-extrabold tracking-tight">{v.name}</h1>
            {v.new && <span className="badge-new">New</span>}
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
            <Rating reviews={v.reviews} sample={v.rating} />
            {v.response && (
              <Tooltip content={`The median over the ${v.response.count} requests it answered in the past 90 days`}>
                <span tabIndex={0} className="text-sm font-semibold" data-testid="response-time">
                  Usually responds within {v.response.hours} hour{v.response.hours === 1 ? "" : "s"}
                </span>
              </Tooltip>
            )}
            {v.response_rate && (
              <Tooltip content={`Of the ${v.response_rate.count} requests it had 4 business hours to answer in the past 90 days`}>
                <span tabIndex={0} className="text-sm font-semibold" data-testid="response-rate">
                  Responds to {v.response_rate.percent} % of requests
                </span>
              </Tooltip>
            )}
            {v.claimed ? (
              <p className="claimed">Claimed by the business</p>
            ) : (
              <Link href={`/business/claim/${v.id}`} className="text-sm text-brand-700 underline">
                Is this your business? Claim this listing
              </Link>
            )}
          </div>
          <div className="mt-3">
            <RentalRecords records={v.records} explained />
          </div>
          <div className="mt-4 max-w-xl overflow-hidden rounded-[var(--radius-card)] border border-ink-200">
            <VendorPhoto vendor={v} priority />
          </div>
          {/* The details, rate card, map, reviews and links hydrate apart, in later passes that yield: in
              the page's root they made its hydration one long task, and a tap on Book a Skid Steer
              during it waited for all of it. */}
          <HydrateApart>
            <dl className="mt-6 grid gap-3 sm:grid-cols-2">
              <div>
                <dt className="text-sm font-semibold text-ink-600">Address</dt>
                <dd>{v.full_address}</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-ink-600">Street address</dt>
                <dd>{v.street}</dd>
              </div>
              {v.phone && (
                <div>
                  <dt className="text-sm font-semibold text-ink-600">Phone</dt>
                  <dd>
                    <a href={`tel:${v.phone.replace(/[^\d+]/g, "")}`} className="font-medium text-brand-700 underline">
                      {v.phone}
                    </a>
                  </dd>
                </div>
              )}
              {v.hours && (
                <div>
                  <dt className="text-sm font-semibold text-ink-600">Hours</dt>
                  <dd>{v.hours}</dd>
                </div>
              )}
              {website && (
                <div>
                  <dt className="text-sm font-semibold text-ink-600">Website</dt>
                  <dd>
                    <a href={website} target="_blank" rel={WEBSITE_REL} className="font-medium text-brand-700 underline">
                      {website.replace(/^https?:\/\//, "")}
                    </a>
                  </dd>
                </div>
              )}
            </dl>
            <section className="mt-8" aria-labelledby="vendor-about">
              <h2 id="vendor-about" className="text-2xl font-bold">
                About {v.name}
              </h2>
              {description.length > 0 ? (
                description.map((text, index) => (
                  <p key={index} className="mt-3 leading-7 text-ink-700">
                    {text}
                  </p>
                ))
              ) : (
                <p className="mt-3 leading-7 text-ink-700">
                  {v.name} offers skid steer rentals in {v.city_name}. Contact them for availability, rates and delivery options, or send a
                  rental request and they will get back to you.
                </p>
              )}
            </section>
            {v.rates && <RateCardView card={v.rates} />}
            <VendorArea vendor={v} state={v.state_slug} city={v.city_slug} />
          </HydrateApart>
          {v.paused ? (
            <div className="mt-6 rounded-[var(--radius-card)] border border-ink-200 bg-ink-50 p-4" data-testid="requests-paused">
              <p className="font-semibold">{v.name} is not taking rental requests here right now.</p>
              <p className="mt-1 text-sm text-ink-700">
                Send your request to the vendors near {v.city_name} instead: the last step names each one before it is sent.
              </p>
              <RequestButton
                vendor={{ id: v.id, name: v.name, zip: v.postcode, paused: true }}
                label="Ask nearby vendors"
                size="lg"
                className="mt-3"
              />
            </div>
          ) : (
            <div className="mt-6">
              <RequestButton vendor={{ id: v.id, name: v.name, zip: v.postcode }} size="lg" />
            </div>
          )}
          <HydrateApart>
            <ReviewList vendorName={v.name} vendorPath={vendorPath(v)} summary={v.reviews} page={reviews} pageNumber={1} />
          </HydrateApart>
        </article>
        <HydrateApart>
          <div className="flex flex-col gap-6">
            <AdSlot />
            <section className="rounded-[var(--radius-card)] border border-ink-200 p-5" aria-labelledby="explore-heading">
              <h2 id="explore-heading" className="text-lg font-bold">
                Explore More Options
              </h2>
              <ul className="mt-3 space-y-2">
                <li>
                  <Link href={`/${country}/${state}/${city}`} className="hover:underline">
                    More vendors in {data.city?.name ?? v.city_name}
                  </Link>
                </li>
                <li>
                  <Link href={`/${country}/${state}/${city}/prices`} className="hover:underline">
                    Compare prices in {data.city?.name ?? v.city_name}
                  </Link>
                </li>
                <li>
                  <Link href={`/${country}/${state}`} className="hover:underline">
                    All of {data.state?.name ?? v.state_code}
                  </Link>
                </li>
                <li>
                  <Link href="/us/skidsteers" className="hover:underline">
                    Browse skid steer models
                  </Link>
                </li>
                <li>
                  <Link href="/us/skidsteers/compare" className="hover:underline">
                    Compare Skid Steers
                  </Link>
                </li>
                <li>
                  <Link href="/articles/rental-cost-guide" className="hover:underline">
                    How much does a rental cost?
                  </Link>
                </li>
              </ul>
            </section>
          </div>
        </HydrateApart>
      </div>
    </>
  );
}
