import type { Metadata } from "next";
import { BusinessNotice } from "@/components/business/notice";
import { QuoteForm } from "@/components/quotes/quote-form";
import { hashToken, isToken } from "@/lib/auth/token";
import { saveLinkQuoteAction, withdrawLinkQuoteAction } from "@/lib/requests/actions";
import { Button } from "@/components/ui/button";
import { quoteLinkRequest } from "@/lib/requests/data";
import { prefillQuote } from "@/lib/quotes/form";
import { centsText } from "@/lib/quotes/quote";

export const metadata: Metadata = { title: "Send a Quote" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// The lead email's "Send a quote" link: the quote form of that one request, without a sign-in.
// A wrong or expired link says so, as every emailed link does.
export default async function QuoteLinkPage({ searchParams }: Props) {
  const { token, notice, error } = await searchParams;
  const request = isToken(token) ? await quoteLinkRequest(hashToken(token)) : null;
  if (!request || !isToken(token)) {
    return (
      <>
        <h1 className="text-3xl font-extrabold tracking-tight">Send a quote</h1>
        <p className="mt-4">This link is invalid or has expired. Sign in at /business to quote your requests.</p>
      </>
    );
  }
  const closed = request.withdrawn
    ? "The renter withdrew this request."
    : request.booked
      ? "The renter has booked this request."
      : request.rental_start_date <= new Date().toISOString().slice(0, 10)
        ? "The rental has started: it can no longer be quoted."
        : null;
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight">Send a quote</h1>
      <BusinessNotice notice={notice} error={error} />
      <p className="mt-4">
        {request.vendor_name}: request #{request.lead_id}, a {request.skid_steer_type} skid steer from {request.rental_start_date} to{" "}
        {request.rental_end_date} ({request.rental_days} days), job site ZIP {request.location}
        {request.miles !== null ? `, about ${request.miles} miles from you` : ""}.
      </p>
      {request.quote && (
        <div className="mt-2">
          <p data-testid="open-quote">
            Your open quote: {centsText(request.quote.total_cents)}, version {request.quote.revision}. Sending again replaces it, and the
            renter sees it was revised.
          </p>
          {!closed && (
            <form action={withdrawLinkQuoteAction} className="mt-2">
              <input type="hidden" name="token" value={token} />
              <Button type="submit" size="sm" variant="outline">
                Withdraw your quote
              </Button>
            </form>
          )}
        </div>
      )}
      {closed ? (
        <p className="mt-4 font-semibold">{closed}</p>
      ) : (
        <QuoteForm
          action={saveLinkQuoteAction}
          idPrefix="link-quote"
          rentalStart={request.rental_start_date}
          prefill={prefillQuote(request.rate_card, request.skid_steer_type, request.rental_days)}
          quote={request.quote}
          hidden={<input type="hidden" name="token" value={token} />}
        />
      )}
    </>
  );
}
