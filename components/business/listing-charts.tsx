import { WeekChart } from "@/components/charts/week-chart";
import { businessActivity, type ListingWeek } from "@/lib/activity/data";

const percent = (part: number, whole: number) => Math.round((part / whole) * 100);

/**
 * A listing's last 26 weeks on /business: requests, quotes and bookings; its response time beside
 * its city's median (for the weeks that have ended); and its win rate (of the requests it quoted, the share booked with it). Weeks
 * the timed round is still counting are left out (gaps, and out of the totals) until it has.
 */
export async function ListingCharts({ email, listingId }: { email: string; listingId: number }) {
  const activity = await businessActivity(email, listingId);
  if (!activity) return null;
  const weeks = activity.weeks.map((w) => w.week);
  const counted = activity.weeks.filter((w) => !w.counting);
  const counting = counted.length < activity.weeks.length;
  const known = <T,>(pick: (week: ListingWeek) => T) => activity.weeks.map((w) => (w.counting ? null : pick(w)));
  const total = (key: "requests" | "quotes" | "bookings" | "won") => counted.reduce((sum, w) => sum + w[key], 0);
  const quoted = total("quotes");
  const won = total("won");
  const span = counting ? "the weeks counted so far" : "the last 26 weeks";
  return (
    <details open className="mt-4 rounded-[var(--radius-card)] border border-ink-200 p-4" data-testid="listing-charts">
      <summary className="cursor-pointer font-semibold">Your last 26 weeks in charts</summary>
      {counting && (
        <p className="mt-2 text-sm text-ink-700" data-testid="charts-counting">
          Some earlier weeks are still being counted. They will appear here as the site counts them, usually within a few minutes.
        </p>
      )}
      <WeekChart
        title="Requests, quotes and bookings per week"
        testId="chart-activity"
        weeks={weeks}
        whole
        series={[
          { name: "Requests", color: "#1b1f24", values: known((w) => w.requests) },
          { name: "Quotes", color: "#c98a00", values: known((w) => w.quotes) },
          { name: "Bookings", color: "#116b37", values: known((w) => w.bookings) },
        ]}
        summary={`Over ${span} ${activity.name} received ${total("requests")} requests, sent ${quoted} quotes and had ${total("bookings")} bookings. The numbers per week are in the table below.`}
      />
      <WeekChart
        title="Median hours to respond, against your city"
        testId="chart-response"
        weeks={weeks}
        unit=" h"
        series={[
          { name: "You", color: "#c98a00", values: known((w) => w.response_hours) },
          { name: "City median", color: "#4f5863", values: known((w) => w.city_hours), dashed: true },
        ]}
        summary="The median hours from a request's email to your first response, per week, beside the median of the vendors in your city where 5 or more of them answered, which the site counts about an hour after each week ends. The numbers per week are in the table below."
      />
      <p className="mt-4" data-testid="win-rate-26">
        <span className="font-semibold">Win rate:</span>{" "}
        {quoted === 0
          ? `no quotes in ${span} yet.`
          : `${percent(won, quoted)} % — ${won} of the ${quoted} requests you quoted in ${span} were booked with you.`}
      </p>
      <WeekChart
        title="Win rate of each week's quotes"
        testId="chart-win-rate"
        weeks={weeks}
        unit=" %"
        max={100}
        series={[
          {
            name: "Booked with you",
            color: "#116b37",
            values: known((w) => (w.quotes === 0 ? null : percent(w.won, w.quotes))),
          },
        ]}
        summary="Of the requests you quoted each week, the percentage booked with you; weeks without quotes are left out. The numbers per week are in the table below."
      />
    </details>
  );
}
