"use server";
import { attempt, serviceRpc } from "../data/rpc";
import { classesForType } from "../prices/classes";
import { cheapestEstimate, type Estimate } from "../prices/estimate";
import { z } from "zod";
import { rateCardSchema } from "../prices/rate-card";
import { rentalDays } from "./dates";
import { requestEstimateSchema } from "./schema";
import { tooLarge, type ActionResult } from "../platform/action-result";

/** A vendor a request would go to, and its estimated total (null: no published rates for the machine). */
export interface RecipientEstimate {
  id: number;
  name: string;
  estimate: Estimate | null;
  sample: boolean;
}

/**
 * The vendors the dialog's request would go to (routed as complete_lead routes it), each
 * with its estimated total for the machine (or the one class a price page's row priced),
 * the days and the job ZIP.
 */
export async function estimateRequest(input: unknown): Promise<ActionResult<RecipientEstimate[]>> {
  const parsed = tooLarge(input) ? null : requestEstimateSchema.safeParse(input);
  if (!parsed?.success) return { ok: false, message: "Invalid request" };
  const request = parsed.data;
  const call = await attempt(
    () =>
      serviceRpc(
        "lead_route_rates",
        { p_zip: request.job_zip, p_vendor_id: request.vendorId, p_widen: request.widen },
        z.array(z.object({ id: z.number(), name: z.string(), miles: z.number().nullable(), rates: rateCardSchema.nullable() })),
      ),
    "Estimating a request",
  );
  if (!call?.ok) return { ok: false, message: "Estimates are not available just now" };
  const days = rentalDays(request.rental_start_date, request.rental_end_date);
  const classes = request.machine_class ? [request.machine_class] : classesForType(request.skid_steer_type);
  return {
    ok: true,
    data: call.data.map((vendor) => ({
      id: vendor.id,
      name: vendor.name,
      sample: vendor.rates?.sample ?? false,
      estimate: vendor.rates ? cheapestEstimate(vendor.rates, classes, days, vendor.miles) : null,
    })),
  };
}
