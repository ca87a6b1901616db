import { CLASS_NAMES } from "@/lib/prices/classes";
import { confirmedLine, usd } from "@/lib/prices/format";
import type { RateCard } from "@/lib/prices/rate-card";
import { SampleNote } from "./sample-note";

const hoursNote = (hours: number | null) => (hours === null ? "" : ` (${hours} h)`);

/** A vendor's rate card: each class it rents, delivery, damage waiver, fees, and where it comes from. */
export function RateCardView({ card }: { card: RateCard }) {
  const confirmed = confirmedLine(card.confirmed_on);
  return (
    <section className="mt-8" aria-labelledby="vendor-rates" data-testid="rate-card">
      <h2 id="vendor-rates" className="text-2xl font-bold">
        Rental rates
      </h2>
      {/* On a phone the table scrolls in its own box; the box takes keyboard focus so it can be scrolled without a pointer. */}
      <div className="mt-3 overflow-x-auto" role="region" aria-labelledby="vendor-rates" tabIndex={0} data-testid="rate-table">
        <table className="w-full min-w-[28rem] text-left text-sm wrap-normal">
          <caption className="sr-only">Rates by machine class, with the meter hours each period includes</caption>
          <thead className="border-b border-ink-200 text-ink-600">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Machine
              </th>
              <th scope="col" className="py-2 pr-3">
                Day
              </th>
              <th scope="col" className="py-2 pr-3">
                Week
              </th>
              <th scope="col" className="py-2">
                4 weeks
              </th>
            </tr>
          </thead>
          <tbody>
            {card.classes.map((rates) => (
              <tr key={rates.class} className="border-b border-ink-100">
                <th scope="row" className="py-2 pr-3 font-semibold">
                  {CLASS_NAMES[rates.class].name}
                  <span className="block text-xs font-normal text-ink-600">{CLASS_NAMES[rates.class].capacity}</span>
                </th>
                <td className="py-2 pr-3">
                  {usd(rates.day)}
                  {hoursNote(rates.day_hours)}
                </td>
                <td className="py-2 pr-3">{rates.week === null ? "–" : `${usd(rates.week)}${hoursNote(rates.week_hours)}`}</td>
                <td className="py-2">{rates.four_week === null ? "–" : `${usd(rates.four_week)}${hoursNote(rates.four_week_hours)}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mt-3 space-y-1 text-sm text-ink-700">
        <li>
          Delivery:{" "}
          {card.delivery
            ? `${usd(card.delivery.fee)} each way within ${card.delivery.miles} miles, then ${usd(card.delivery.per_mile)} a mile`
            : "no delivery (pick up at the yard)"}
        </li>
        <li>Damage waiver: {card.waiver_percent === null ? "not offered" : `${card.waiver_percent} % of the rental`}</li>
        {card.fees.map((fee) => (
          <li key={fee.label}>
            {fee.label}: {fee.percent !== undefined ? `${fee.percent} % of the rental` : usd(fee.amount)}
          </li>
        ))}
      </ul>
      <p className={`mt-3 text-sm ${confirmed.old ? "font-semibold text-brand-700" : "text-ink-600"}`} data-testid="rates-confirmed">
        {card.sample ? "Sample rates" : "Provided by the business"} · {confirmed.text}
      </p>
      {card.sample && <SampleNote />}
    </section>
  );
}
