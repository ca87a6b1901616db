import "server-only";
import { z } from "zod";
import { serviceRpc } from "../data/rpc";

const hours = z.number().nullable();

const businessSchema = z
  .object({
    vendor_id: z.number(),
    name: z.string(),
    weeks: z.array(
      z.object({
        week: z.string(),
        requests: z.number(),
        quotes: z.number(),
        won: z.number(),
        bookings: z.number(),
        response_hours: hours,
        city_hours: hours,
        /** A settled week before last week that the timed round has not kept yet: its figures are not known. */
        counting: z.boolean(),
      }),
    ),
  })
  .nullable();

export type ListingWeek = NonNullable<z.infer<typeof businessSchema>>["weeks"][number];

/** A listing's last 26 weeks for its charts on /business; null unless the address manages it. */
export const businessActivity = (email: string, vendorId: number) =>
  serviceRpc("business_activity", { p_email: email, p_vendor_id: vendorId }, businessSchema);

const operatorSchema = z.object({
  weeks: z.array(
    z.object({
      week: z.string(),
      requests: z.number(),
      quotes: z.number(),
      bookings: z.number(),
      cancellations: z.number(),
      responses: z.number(),
      response_hours: hours,
    }),
  ),
  unanswered: z.array(
    z.object({ zip: z.string(), city_name: z.string(), state_code: z.string(), lat: z.number(), lng: z.number(), requests: z.number() }),
  ),
});

/** The console's charts: the site's weeks as the timed round counted them, and where requests found no vendor. */
export const siteActivity = () => serviceRpc("operator_activity", {}, operatorSchema);

/** Calls a counting job, one short transaction per call, until none is due or it was called `most` times; returns how many calls counted. */
async function countDueWeeks(job: "count_site_weeks" | "count_city_weeks" | "keep_listing_weeks", most: number): Promise<number> {
  let counted = 0;
  while (counted < most && (await serviceRpc(job, {})) !== null) counted += 1;
  return counted;
}

/**
 * The timed round's part: counts the site's weeks that are due, a week of up to 1,000 requests and
 * answers or a slice of a busier one per call, at most 100 calls in a round.
 */
export const countSiteWeeks = () => countDueWeeks("count_site_weeks", 100);

/**
 * The timed round's part after the site's weeks: each ended week's city medians for the /business
 * charts, a week of up to 100 answers or a slice of a busier one per call, at most 100 calls in a round.
 */
export const countCityWeeks = () => countDueWeeks("count_city_weeks", 100);

/**
 * The timed round's part after the cities' weeks (whose medians a listing's week shows): the settled
 * weeks of listings that got a manager or whose charts found one missing, one listing's week per
 * call, at most 200 calls in a round.
 */
export const keepListingWeeks = () => countDueWeeks("keep_listing_weeks", 200);
