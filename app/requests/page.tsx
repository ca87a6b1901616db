import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { RequestButton } from "@/components/rental/request-button";
import { machineLabel, renterRequests, requestState, STAGE_TEXTS } from "@/lib/requests/status";

// Private to the browser that made the requests: never indexed, never cached.
export const metadata: Metadata = { title: "Your Rental Requests", robots: { index: false, follow: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function YourRequestsPage({ searchParams }: Props) {
  const [requests, { deleted }] = await Promise.all([renterRequests(), searchParams]);
  return (
    <div className="mx-auto max-w-2xl wrap-anywhere">
      <h1 className="text-3xl font-extrabold tracking-tight">Your requests</h1>
      <p className="mt-2 text-ink-700">
        The rental requests sent from this browser, newest first. If you gave your email address with a request, its copy links to its
        status page from any device.
      </p>
      {deleted === "1" && (
        <p role="status" className="mt-4 rounded-md border border-success-700 bg-ink-50 p-3 text-sm text-success-700">
          Your request is deleted.
        </p>
      )}
      {requests.length === 0 ? (
        <div className="mt-6">
          <p data-testid="no-requests">No rental requests from this browser yet.</p>
          <RequestButton className="mt-4" />
        </div>
      ) : (
        <ul className="mt-6 grid gap-3" data-testid="your-requests">
          {requests.map((request) => (
            <li key={request.id} className="rounded-[var(--radius-card)] border border-ink-200 p-4" data-testid="your-request">
              <Link href={`/requests/${request.id}`} className="font-bold text-brand-700 underline">
                Request #{request.id}
              </Link>
              <p className="mt-1 text-sm text-ink-700">
                {machineLabel(request.skid_steer_type)}, {request.rental_start_date} to {request.rental_end_date}, job site ZIP{" "}
                {request.location}
              </p>
              <p className="mt-1 text-sm font-semibold" data-testid="your-request-state">
                {requestState(request)}
                {request.booking?.status === "booked" && `, for ${request.booking.start_date} to ${request.booking.end_date}`}
              </p>
              {request.vendors.length > 0 && (
                <ul className="mt-1 text-sm text-ink-700" data-testid="your-request-vendors">
                  {request.vendors.map((vendor, i) => (
                    <li key={i}>
                      {vendor.name}: {STAGE_TEXTS[vendor.stage]}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
