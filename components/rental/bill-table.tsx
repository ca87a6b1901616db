import type { ReactNode } from "react";
import { centsText } from "@/lib/quotes/quote";
import type { Rental } from "@/lib/quotes/rental";
import { RentalPhotos } from "./rental-photos";

type Line = Rental["bill"][number];

/**
 * A rental's final bill: each line with its amount, those outside the quote marked "not in your
 * quote" with the vendor's reason, photos and the renter's answer, and the total (the sum of the
 * lines). `answer` renders what a line still waiting for the renter offers (the renter's forms).
 */
export function BillTable({ rental, answer }: { rental: Rental; answer?: (line: Line) => ReactNode }) {
  return (
    <div id="bill" className="mt-3" data-testid="bill">
      <table className="w-full text-sm">
        <caption className="sr-only">Final bill</caption>
        <tbody>
          {rental.bill.map((line) => (
            <tr key={line.id} className="border-b border-ink-200 align-top" data-testid="bill-line">
              <td className="py-2 pr-2 wrap-anywhere">
                {line.label}
                {!line.in_quote && (
                  <div className="mt-1 space-y-1">
                    <p className="font-semibold text-danger-600" data-testid="not-in-quote">
                      Not in your quote
                    </p>
                    {line.reason && <p>Reason: {line.reason}</p>}
                    <RentalPhotos paths={line.photos} label={`Photo for ${line.label}`} />
                    {line.answer === "accepted" && <p className="font-semibold">Accepted by the renter</p>}
                    {line.answer === "disputed" && (
                      <p className="font-semibold" data-testid="disputed">
                        Disputed by the renter: {line.dispute_reason}
                      </p>
                    )}
                    {!line.answer && answer?.(line)}
                  </div>
                )}
              </td>
              <td className="py-2 text-right whitespace-nowrap tabular-nums">{centsText(line.amount_cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-2 text-left">
              Total
            </th>
            <td className="py-2 text-right font-bold whitespace-nowrap tabular-nums" data-testid="bill-total">
              {centsText(rental.bill_total_cents ?? 0)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
