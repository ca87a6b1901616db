import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { setLeadsPausedAction, setLeadStatusAction } from "@/lib/business/actions";
import type { BusinessLead, BusinessListing } from "@/lib/business/data";

const STATUSES = [
  ["contacted", "Contacted"],
  ["quoted", "Quoted"],
  ["won", "Won"],
  ["lost", "Lost"],
  ["not_a_fit", "Not a fit"],
] as const;
const label = (status: BusinessLead["status"]) => STATUSES.find(([value]) => value === status)?.[1] ?? "New";

/**
 * A listing's rental requests among the dashboard's page of them, newest first, each with its
 * status; and whether requests are on. `older`: the page left older requests out.
 */
export function ListingLeads({ listing, leads, older }: { listing: BusinessListing; leads: BusinessLead[]; older: boolean }) {
  return (
    <section aria-label={`Rental requests for ${listing.name}`} className="mt-6" data-testid="listing-leads">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-lg font-bold">Rental requests</h3>
        <form action={setLeadsPausedAction} className="flex items-center gap-2 text-sm">
          <input type="hidden" name="vendor_id" value={listing.id} />
          <input type="hidden" name="paused" value={String(!listing.leads_paused)} />
          <span>{listing.leads_paused ? "Paused: you receive no requests." : "You receive requests by email."}</span>
          <Button type="submit" size="sm" variant="outline">
            {listing.leads_paused ? "Turn requests back on" : "Stop sending me requests"}
          </Button>
        </form>
      </div>
      {leads.length === 0 && (
        <p className="mt-2 text-sm text-ink-600">
          {older ? "None among your newest requests: see older requests below." : "No requests yet."}
        </p>
      )}
      <ul className="mt-3 space-y-3 text-sm">
        {leads.map((lead) => (
          <li
            key={lead.id}
            id={`lead-${listing.id}-${lead.id}`}
            className="rounded-md border border-ink-200 p-3"
            data-testid="business-lead"
          >
            <p className="font-semibold">
              #{lead.id} · {lead.name} ·{" "}
              <a href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`} className="text-brand-700 underline">
                {lead.phone}
              </a>
            </p>
            <p>
              {lead.skid_steer_type === "tracked" ? "Tracked" : "Wheeled"} skid steer · {lead.rental_start_date} to {lead.rental_end_date} (
              {lead.rental_days} days) · job site ZIP {lead.location}
            </p>
            <p className="text-ink-600">
              Received {lead.completed_at.slice(0, 10)} · {label(lead.status)}
              {lead.status_reason ? `: ${lead.status_reason}` : ""}
            </p>
            {lead.withdrawn_at && (
              <p className="font-semibold text-danger-600">Withdrawn by the customer on {lead.withdrawn_at.slice(0, 10)}</p>
            )}
            <form action={setLeadStatusAction} className="mt-2 flex flex-wrap items-end gap-2">
              <input type="hidden" name="vendor_id" value={listing.id} />
              <input type="hidden" name="lead_id" value={lead.id} />
              <label className="font-semibold">
                Status
                <select name="status" defaultValue={lead.status ?? "contacted"} className={`${inputClass} mt-1 block font-normal`}>
                  {STATUSES.map(([value, text]) => (
                    <option key={value} value={value}>
                      {text}
                    </option>
                  ))}
                </select>
              </label>
              <label className="font-semibold">
                Reason (for lost or not a fit)
                <input
                  name="reason"
                  maxLength={500}
                  defaultValue={lead.status_reason ?? ""}
                  className={`${inputClass} mt-1 block font-normal`}
                />
              </label>
              <Button type="submit" size="sm">
                Save status
              </Button>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}
