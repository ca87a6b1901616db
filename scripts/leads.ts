/**
 * npm run leads            lists rental requests, their recipients and delivery state
 * npm run leads -- deliver sends every due outbox message now
 *
 * Against the embedded database, stop the server first (one process per folder).
 */
import { rpcAllRows } from "../lib/data/rpc";
import { reportLeadSchema } from "../lib/operator/data";
import { serviceSupabase } from "../lib/supabase/server";
import { wakeOutbox } from "../lib/outbox/sender";

if (process.argv[2] === "deliver") {
  console.log(await wakeOutbox());
} else {
  const leads = await rpcAllRows("operator_leads", { p_limit: 1000 }, { client: serviceSupabase(), max: 1000, row: reportLeadSchema });
  console.table(
    leads
      .filter((lead) => lead.completed)
      .map((lead) => ({
        id: lead.id,
        completed_at: lead.completed_at,
        name: lead.name,
        job_zip: lead.location,
        recipients: lead.recipients.map((r) => r.vendor_name).join("; ") || "none",
        delivery: lead.messages.map((m) => `${m.channel} ${m.status}${m.last_error ? ` (${m.last_error})` : ""}`).join("; "),
      })),
  );
}
process.exit(0);
