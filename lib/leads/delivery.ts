import { serviceSupabase } from "../supabase/server";

interface PendingLead {
  id: number;
  vendor_id: number | null;
  vendor_name: string | null;
  name: string;
  phone: string;
  skid_steer_type: string;
  rental_start_date: string;
  rental_end_date: string;
  rental_days: number;
  completed_at: string;
  attempts: number;
}

/**
 * POSTs every due, undelivered lead to LEAD_WEBHOOK_URL as JSON, with the lead id as
 * idempotency key. Failures are recorded and retried later with doubling backoff.
 */
export async function deliverPendingLeads(webhook = process.env.LEAD_WEBHOOK_URL): Promise<{ delivered: number; failed: number }> {
  const result = { delivered: 0, failed: 0 };
  if (!webhook) return result;
  const client = serviceSupabase();
  const { data, error } = await client.rpc("pending_lead_deliveries", { p_limit: 50 });
  if (error) throw new Error(`Listing pending leads failed: ${error.message}`);
  for (const lead of (data ?? []) as PendingLead[]) {
    let failure: string | null = null;
    try {
      const response = await fetch(webhook, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": `lead-${lead.id}` },
        body: JSON.stringify({
          lead_id: lead.id, vendor_id: lead.vendor_id, vendor_name: lead.vendor_name, name: lead.name,
          phone: lead.phone, skid_steer_type: lead.skid_steer_type, rental_start_date: lead.rental_start_date,
          rental_end_date: lead.rental_end_date, rental_days: lead.rental_days, completed_at: lead.completed_at,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) failure = `HTTP ${response.status}`;
    } catch (e) {
      failure = e instanceof Error ? e.message : String(e);
    }
    await client.rpc("record_lead_delivery", { p_lead_id: lead.id, p_ok: failure === null, p_error: failure });
    if (failure === null) result.delivered++;
    else result.failed++;
  }
  return result;
}
