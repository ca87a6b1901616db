import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Link } from "@/components/ui/link";
import { Button } from "@/components/ui/button";
import { deleteRequestAction, withdrawRequestAction } from "@/lib/requests/actions";
import { recordId } from "@/lib/platform/record-id";
import { recipientsSentence } from "@/lib/requests/messages";
import { deletable, requestStatus, machineLabel, vendorAnswer } from "@/lib/requests/status";
import { statusKey } from "@/lib/auth/status-link";
import { RequestReviews } from "@/components/reviews/request-reviews";
import { RequestQuotes } from "@/components/rental/request-quotes";
import { RentalProgress } from "@/components/rental/rental-progress";

// Private to the browser that made the request, or to the holder of its emailed link: never indexed, never cached.
export const metadata: Metadata = { title: "Your Rental Request", robots: { index: false, follow: false } };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RequestStatusPage({ params, searchParams }: Props) {
  const id = recordId((await params).id);
  const { withdrawn, key: givenKey, notice, error, vendor: noticeVendor } = await searchParams;
  const key = statusKey(givenKey);
  const lead = id === null ? null : await requestStatus(id, key);
  if (!lead) notFound();
  const today = new Date().toISOString().slice(0, 10);
  // The quotes' comparison takes the page's whole width (a column a vendor); the rest reads in a narrower column.
  return (
    <div className="mx-auto max-w-5xl wrap-anywhere">
      <div className="mx-auto max-w-2xl">
        <h1 className="text-3xl font-extrabold tracking-tight">Your rental request #{lead.id}</h1>
        <p className="mt-2 text-ink-700">
          {lead.skid_steer_type === "tracked" ? "Tracked" : "Wheeled"} skid steer, {lead.rental_start_date} to {lead.rental_end_date}, job
          site ZIP {lead.location}.
        </p>
        {withdrawn === "1" && (
          <p role="status" className="mt-4 rounded-md border border-success-700 bg-ink-50 p-3 text-sm text-success-700">
            Your request is withdrawn.
          </p>
        )}
        {lead.withdrawn_at && (
          <p className="mt-4 font-semibold" data-testid="request-withdrawn">
            Withdrawn: no vendor is sent it any more, and those who were see it was withdrawn.
          </p>
        )}
        <h2 className="mt-6 text-xl font-bold">Vendors</h2>
        {lead.recipients.length > 0 && (
          <p className="mt-2" data-testid="request-sent-to">
            {recipientsSentence(
              lead.recipients.map((r) => r.reason),
              lead.location,
              "past",
            )}
          </p>
        )}
        <ul className="mt-2 space-y-2" data-testid="request-recipients">
          {lead.recipients.map((r) => (
            <li key={r.vendor_id}>
              {r.vendor_name}: {r.sent ? "sent" : lead.withdrawn_at ? "not sent" : "sending"}
              {vendorAnswer(r)}
            </li>
          ))}
          {lead.recipients.length === 0 && <li>No vendor serves this ZIP yet: our team has your request.</li>}
        </ul>
      </div>
      {/* A review's messages name their vendor (?vendor=); a booking's do not. */}
      <RequestQuotes lead={lead} statusKey={key} notice={noticeVendor ? undefined : notice} error={noticeVendor ? undefined : error} />
      <RentalProgress lead={lead} statusKey={key} />
      <div className="mx-auto max-w-2xl">
        {!lead.withdrawn_at && !lead.booking && (
          <form action={withdrawRequestAction} className="mt-6">
            <input type="hidden" name="id" value={lead.id} />
            {key && <input type="hidden" name="key" value={key} />}
            <Button type="submit" variant="outline">
              Withdraw my request
            </Button>
          </form>
        )}
        <RequestReviews lead={lead} statusKey={key} vendor={noticeVendor} notice={notice} error={error} />
        {deletable(lead, today) && (
          <form action={deleteRequestAction} className="mt-6" data-testid="delete-request">
            <input type="hidden" name="id" value={lead.id} />
            {key && <input type="hidden" name="key" value={key} />}
            <p className="text-sm text-ink-700">
              Deleting erases your name, phone number and email address from this request, and your reviews of it. The vendors keep only
              that a request was made.
            </p>
            <Button type="submit" variant="outline" className="mt-2">
              Delete my request
            </Button>
          </form>
        )}
        <p className="mt-8 text-sm text-ink-600">
          {machineLabel(lead.skid_steer_type)} for {lead.rental_days} day{lead.rental_days === 1 ? "" : "s"}.{" "}
          <Link href="/requests" className="text-brand-700 underline">
            All your requests
          </Link>
        </p>
      </div>
    </div>
  );
}
