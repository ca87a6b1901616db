import { WeekChart } from "@/components/charts/week-chart";
import { UnansweredMap } from "@/components/maps/unanswered-map";
import { siteActivity } from "@/lib/activity/data";
import { requireOperator } from "@/lib/auth/operator-session";

/** The site over the last 26 weeks: requests, quotes, bookings and cancellations; response times; where requests found no vendor. */
export default async function ActivityPage() {
  await requireOperator();
  const { weeks, unanswered } = await siteActivity();
  const labels = weeks.map((w) => w.week);
  const sum = (key: "requests" | "quotes" | "bookings" | "cancellations") => weeks.reduce((total, w) => total + w[key], 0);
  return (
    <section aria-labelledby="activity-heading">
      <h1 id="activity-heading" className="text-2xl font-extrabold">
        Activity
      </h1>
      <p className="mt-2 text-sm text-ink-600">
        The last 26 weeks (Monday to Sunday, UTC). The week in progress is counted every 10 minutes by the timed round, and each week a last
        time an hour after it ends.
      </p>
      {weeks.length === 0 ? (
        <p className="mt-6" data-testid="activity-empty">
          No week is counted yet: the timed round counts them within a minute.
        </p>
      ) : (
        <>
          <WeekChart
            title="Requests, quotes, bookings and cancellations per week"
            testId="chart-site-activity"
            weeks={labels}
            whole
            series={[
              { name: "Requests", color: "#1b1f24", values: weeks.map((w) => w.requests) },
              { name: "Quotes", color: "#c98a00", values: weeks.map((w) => w.quotes) },
              { name: "Bookings", color: "#116b37", values: weeks.map((w) => w.bookings) },
              { name: "Cancellations", color: "#b42318", values: weeks.map((w) => w.cancellations), dashed: true },
            ]}
            summary={`Over the last ${weeks.length} weeks: ${sum("requests")} requests, ${sum("quotes")} first quotes, ${sum("bookings")} bookings and ${sum("cancellations")} cancellations. The numbers per week are in the table below.`}
          />
          <WeekChart
            title="Median hours from a request's email to a vendor's first response"
            testId="chart-site-response"
            weeks={labels}
            unit=" h"
            series={[{ name: "Median", color: "#c98a00", values: weeks.map((w) => w.response_hours) }]}
            summary="The median hours from a request's email to a vendor's first response, per week. The numbers per week are in the table below."
          />
        </>
      )}
      <h2 className="mt-8 text-xl font-bold">Where requests found no vendor</h2>
      <p className="mt-1 text-sm text-ink-600">Job sites with no vendor serving them or within 50 miles: where to recruit vendors.</p>
      {unanswered.length === 0 ? (
        <p className="mt-3" data-testid="unanswered-none">
          Every request in the last 26 weeks found a vendor.
        </p>
      ) : (
        <>
          <UnansweredMap places={unanswered} />
          <div className="mt-4 max-w-xl overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="unanswered-table">
              <caption className="sr-only">ZIP codes where requests found no vendor, most first</caption>
              <thead>
                <tr className="border-b border-ink-200">
                  <th scope="col" className="py-1 pr-3">
                    ZIP code
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Place
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Requests
                  </th>
                </tr>
              </thead>
              <tbody>
                {unanswered.slice(0, 50).map((place) => (
                  <tr key={place.zip} className="border-b border-ink-100">
                    <td className="py-1 pr-3 tabular-nums">{place.zip}</td>
                    <td className="py-1 pr-3">
                      {place.city_name}, {place.state_code}
                    </td>
                    <td className="py-1 text-right tabular-nums">{place.requests}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
