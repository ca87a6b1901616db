import { PermanentFailure } from "./failure";
import type { ClaimedMessage } from "./rows";

/** POSTs a rental request, with its recipients, to LEAD_WEBHOOK_URL. */
export async function sendWebhook(message: ClaimedMessage, webhook: string | undefined): Promise<string> {
  if (!webhook) throw new PermanentFailure("LEAD_WEBHOOK_URL is not set");
  const lead = message.lead;
  if (!lead) throw new PermanentFailure("Only a rental request is sent to the webhook");
  const response = await fetch(webhook, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": `lead-${lead.id}` },
    body: JSON.stringify({
      lead_id: lead.id,
      vendor_id: lead.vendor_id,
      vendor_name: lead.vendor_name,
      name: lead.name,
      phone: lead.phone,
      skid_steer_type: lead.skid_steer_type,
      rental_start_date: lead.rental_start_date,
      rental_end_date: lead.rental_end_date,
      rental_days: lead.rental_days,
      job_zip: lead.location,
      completed_at: lead.completed_at,
      recipients: message.recipients,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return "webhook";
}
