/**
 * npm run leads            lists rental requests, their recipients and delivery state
 * npm run leads -- deliver sends every due outbox message now
 *
 * Against the embedded database, stop the server first (one process per folder).
 */
import { reportRequests } from "../lib/requests/data";
import { wakeOutbox } from "../lib/outbox/drain";

if (process.argv[2] === "deliver") {
  console.log(await wakeOutbox());
} else {
  const leads = await reportRequests(1000);
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
