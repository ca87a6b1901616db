import { FUEL_LEVELS, windowText, type Rental } from "@/lib/quotes/rental";
import { BillTable } from "./bill-table";

/** A rental's final bill as a page both sides print: the request, the vendor, the job site, the days, the readings and the lines. */
export function PrintableBill({ id, vendorName, rental }: { id: number; vendorName: string; rental: Rental }) {
  return (
    <article className="mx-auto max-w-2xl wrap-anywhere print:max-w-none" data-testid="printable-bill">
      <h1 className="text-2xl font-extrabold">Final bill, rental request #{id}</h1>
      <p className="mt-2">
        {vendorName} · {rental.start_date} to {rental.end_date}
        {rental.site_address ? ` · ${rental.site_address}` : ""}
      </p>
      {windowText(rental) && <p>Delivery window: {windowText(rental)}</p>}
      <p>
        Hour meter {rental.delivery_hours ?? "?"} at delivery, {rental.pickup_hours ?? "?"} at pickup · fuel{" "}
        {FUEL_LEVELS[rental.delivery_fuel ?? 0]} to {FUEL_LEVELS[rental.pickup_fuel ?? 0]}
        {rental.call_off_number ? ` · called off (${rental.call_off_number})` : ""}
      </p>
      <BillTable rental={rental} />
      <p className="mt-4 text-sm text-ink-600 print:hidden">Use your browser&apos;s Print to print this page or save it as a PDF.</p>
    </article>
  );
}
