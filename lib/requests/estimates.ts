"use server";
import { anyone, clientAction } from "../platform/action";
import { routeRates } from "./data";
import { classesForType } from "../prices/classes";
import { cheapestEstimate, type Estimate } from "../prices/estimate";
import { rentalDays } from "./dates";
import { requestEstimateSchema } from "./schema";

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
export const estimateRequest = clientAction("Estimating a request", {
  audience: anyone,
  input: requestEstimateSchema,
  invalid: "lead-invalid",
  call: (request) => routeRates(request.job_zip, request.vendorId, request.widen),
  done: (vendors, request): RecipientEstimate[] => {
    const days = rentalDays(request.rental_start_date, request.rental_end_date);
    const classes = request.machine_class ? [request.machine_class] : classesForType(request.skid_steer_type);
    return vendors.map((vendor) => ({
      id: vendor.id,
      name: vendor.name,
      sample: vendor.rates?.sample ?? false,
      estimate: vendor.rates ? cheapestEstimate(vendor.rates, classes, days, vendor.miles) : null,
    }));
  },
});
