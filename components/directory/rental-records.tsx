import type { RentalRecords as Records } from "@/lib/listings/types";

const month = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/**
 * A listing's two records of rentals through the site, once it has 3: delivered on time, and the
 * final bill matched the quote, with the period. `explained` adds how they are counted (its page).
 */
export function RentalRecords({ records, explained = false }: { records: Records | null | undefined; explained?: boolean }) {
  if (!records) return null;
  return (
    <div className="text-sm" data-testid="rental-records">
      <p>
        Delivered on time: {records.on_time} of {records.completed} rentals
      </p>
      <p>
        Final bill matched the quote: {records.matched} of {records.completed}
      </p>
      <p className="card-muted">Rentals through Skid Steer Rentals since {month(records.since)}</p>
      {explained && (
        <p className="mt-1 text-ink-600" data-testid="rental-records-explained">
          Counted over the rentals booked and completed through this site in the last 12 months. On time: the vendor marked the machine
          delivered within the window it confirmed, and the renter reported no problem within 24 hours. Matched: the final bill had no line
          outside the quote&apos;s terms (a line the renter accepted or disputed counts as not matched).
        </p>
      )}
    </div>
  );
}
