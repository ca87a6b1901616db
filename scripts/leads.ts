/**
 * npm run leads            lists completed rental requests and their delivery state
 * npm run leads -- deliver POSTs due leads to LEAD_WEBHOOK_URL now
 *
 * Against the embedded database, stop the server first (one process per folder).
 */
import { deliverPendingLeads } from "../lib/leads/delivery";
import { serviceSupabase } from "../lib/supabase/server";

if (process.argv[2] === "deliver") {
  console.log(await deliverPendingLeads());
} else {
  const { data, error } = await serviceSupabase().rpc("lead_delivery_report");
  if (error) throw new Error(error.message);
  console.table(data);
}
process.exit(0);
