import type { Metadata } from "next";
import { ListingEditor } from "@/components/business/listing-editor";
import { ListingCharts } from "@/components/business/listing-charts";
import { ListingLeads } from "@/components/business/listing-leads";
import { ListingReviews } from "@/components/business/listing-reviews";
import { BusinessNotice } from "@/components/business/notice";
import { Button } from "@/components/ui/button";
import { FormField, inputClass } from "@/components/ui/form-field";
import { requestSignInAction, signOutAction } from "@/lib/accounts/actions";
import { Link } from "@/components/ui/link";
import { businessRequests } from "@/lib/requests/data";
import { businessListings } from "@/lib/listings/manage";
import { businessReviews } from "@/lib/reviews/data";
import { LEADS_PAGE, rowsShown } from "@/lib/platform/paging";
import { currentBusiness } from "@/lib/auth/business-session";

export const metadata: Metadata = { title: "For Businesses", description: "Sign in to manage your skid steer rental listing." };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Signed in: the listings the business manages. Otherwise: the emailed sign-in link. */
export default async function BusinessPage({ searchParams }: Props) {
  const [{ notice, error, leads: leadsAsked, reviews: reviewsAsked }, email] = await Promise.all([searchParams, currentBusiness()]);
  if (!email) {
    return (
      <>
        <h1 className="text-3xl font-extrabold tracking-tight">For businesses</h1>
        <p className="mt-2 text-ink-700">
          Manage your listing: your phone, the email that receives rental requests, your address, description, photo and the ZIP codes you
          serve. Enter the email address of your listing and we will send you a sign-in link. No password needed.
        </p>
        <BusinessNotice notice={notice} error={error} />
        <form action={requestSignInAction} className="mt-6 flex flex-wrap items-end gap-3">
          <FormField id="business-email" label="Email address">
            <input
              id="business-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              className={`${inputClass} w-72 max-w-full`}
            />
          </FormField>
          <Button type="submit">Email me a sign-in link</Button>
        </form>
        <p className="mt-6 text-sm text-ink-600">
          Not listed yet? Submit your business from the footer. Listed, but never signed in? Open your listing and choose “Claim this
          listing”.
        </p>
      </>
    );
  }
  const shown = rowsShown(leadsAsked);
  const reviewsShown = rowsShown(reviewsAsked);
  const [listings, received, reviews] = await Promise.all([
    businessListings(email),
    businessRequests(email, shown),
    businessReviews(email, reviewsShown),
  ]);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">Your listings</h1>
        <form action={signOutAction} className="flex items-center gap-3 text-sm">
          <span className="text-ink-600" data-testid="business-email">
            {email}
          </span>
          <Button type="submit" variant="outline" size="sm">
            Sign out
          </Button>
        </form>
      </div>
      <BusinessNotice notice={notice} error={error} />
      {listings.length === 0 && <p className="mt-6 text-ink-700">This address manages no listing any more.</p>}
      {listings.map((listing) => (
        <div key={listing.id}>
          <ListingEditor listing={listing} self={email} />
          <ListingLeads
            listing={listing}
            leads={received.leads.filter((lead) => lead.vendor_id === listing.id)}
            older={received.more}
            winRate={received.win_rates.find((rate) => rate.vendor_id === listing.id)}
          />
          <ListingCharts email={email} listingId={listing.id} />
        </div>
      ))}
      {received.more && (
        <p className="mt-6 text-sm" data-testid="older-requests">
          Showing your newest {shown} requests.{" "}
          <Link href={`/business?leads=${shown + LEADS_PAGE}`} className="font-semibold text-brand-700 underline">
            Show older requests
          </Link>
        </p>
      )}
      {listings.length > 0 && <ListingReviews reviews={reviews.reviews} />}
      {reviews.more && (
        <p className="mt-6 text-sm">
          Showing your newest {reviewsShown} reviews.{" "}
          <Link href={`/business?reviews=${reviewsShown + LEADS_PAGE}`} className="font-semibold text-brand-700 underline">
            Show older reviews
          </Link>
        </p>
      )}
    </>
  );
}
