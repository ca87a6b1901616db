import { notFound } from "next/navigation";
import { Notice } from "@/components/operator/notice";
import { Button } from "@/components/ui/button";
import { markSpamAction, resendRequestAction } from "@/lib/requests/actions";
import { requestDetail } from "@/lib/requests/data";
import { recordId } from "@/lib/platform/record-id";
import { consoleTime as when } from "@/lib/platform/console-time";
import { recipientReason, recipientSummary } from "@/lib/requests/format";
import { centsText } from "@/lib/quotes/quote";
import { ConsoleRental } from "@/components/operator/console-rental";
import { requireOperator } from "@/lib/auth/operator-session";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LeadPage({ params, searchParams }: Props) {
  await requireOperator();
  const { id } = await params;
  const record = recordId(id);
  const lead = record === null ? null : await requestDetail(record);
  if (!lead) notFound();
  const { notice, error } = await searchParams;
  const fields: Array<[string, string]> = [
    ["Name", lead.name],
    ["Phone", lead.phone],
    ["Job-site ZIP", lead.location],
    ["Machine", lead.skid_steer_type ?? "—"],
    ["Start", lead.rental_start_date ?? "—"],
    ["End", lead.rental_end_date ?? "—"],
    ["Days", String(lead.rental_days)],
    ["From vendor page", lead.vendor_name ?? "no (a general request)"],
    ["Asked to widen", lead.widen ? "yes" : "no"],
    ["Created", when(lead.created_at)],
    ["Completed", when(lead.completed_at)],
    ["Delivery", lead.delivery],
    ["Spam", lead.spam ? "yes" : "no"],
  ];
  return (
    <article>
      <h1 className="text-2xl font-extrabold">Rental request #{lead.id}</h1>
      <Notice notice={notice} error={error} />
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid="lead-fields">
        {fields.map(([name, value]) => (
          <div key={name} className="flex justify-between gap-4 border-b border-ink-100 py-1">
            <dt className="text-ink-600">{name}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        <form action={resendRequestAction}>
          <input type="hidden" name="id" value={lead.id} />
          <Button type="submit" size="sm" disabled={lead.spam}>
            Resend
          </Button>
        </form>
        <form action={markSpamAction}>
          <input type="hidden" name="id" value={lead.id} />
          <input type="hidden" name="spam" value={String(!lead.spam)} />
          <Button type="submit" size="sm" variant="outline">
            {lead.spam ? "Not spam" : "Mark as spam"}
          </Button>
        </form>
      </div>
      <h2 className="mt-8 text-xl font-bold">Recipients</h2>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {lead.recipients.map((r) => (
          <li key={r.vendor_id}>
            {recipientSummary(r)}: {recipientReason(r)}
          </li>
        ))}
        {lead.recipients.length === 0 && <li>No vendor serves this ZIP or is within 50 miles.</li>}
      </ul>
      <h2 className="mt-8 text-xl font-bold">Quotes and booking</h2>
      <ul className="mt-2 list-disc pl-5 text-sm" data-testid="lead-quotes">
        {lead.quotes.map((q) => (
          <li key={q.id} className="wrap-anywhere">
            {q.vendor_name}, version {q.revision}: {centsText(q.total_cents)} (
            {q.lines.map((line) => `${line.label} ${centsText(line.amount_cents)}`).join(", ")}
            {q.tax_cents > 0 ? `, tax ${centsText(q.tax_cents)}` : ""}), {q.status}, valid until {when(q.valid_until)}
            {q.message ? `. Message: ${q.message}` : ""}
          </li>
        ))}
        {lead.quotes.length === 0 && <li>No quote yet.</li>}
      </ul>
      {lead.booking && (
        <p className="mt-2 text-sm font-semibold" data-testid="lead-booking">
          {lead.booking.status === "booked" ? "Booked" : `Booking cancelled: ${lead.booking.cancel_reason}`} (quote {lead.booking.quote_id},{" "}
          {when(lead.booking.booked_at)})
        </p>
      )}
      {lead.booking && <ConsoleRental rental={lead.booking} />}
      <h2 className="mt-8 text-xl font-bold">Consent</h2>
      {lead.consent ? (
        <div className="mt-2 text-sm" data-testid="lead-consent">
          <p className="wrap-anywhere">&ldquo;{lead.consent.text}&rdquo;</p>
          <p className="mt-1 text-ink-600">
            Shown {when(lead.consent.given_at)} on {lead.consent.page}, client {lead.consent.client_hash ?? "unknown"}, vendors{" "}
            {lead.consent.vendor_ids.join(", ") || "none"}
          </p>
        </div>
      ) : (
        <p className="mt-2 text-sm">No consent record: the request was not sent from the rental dialog.</p>
      )}
      <h2 className="mt-8 text-xl font-bold">Messages and delivery attempts</h2>
      <div className="mt-2 space-y-4 text-sm">
        {lead.messages.map((m) => (
          <section key={m.id} className="rounded-[var(--radius-card)] border border-ink-200 p-3" data-testid="lead-message">
            <p className="font-semibold">
              {m.channel === "webhook"
                ? "Webhook"
                : m.kind === "lead"
                  ? `Email to ${m.vendor_name ?? "vendor"}`
                  : `Email, ${m.kind.replaceAll("_", " ")}${m.vendor_name ? ` (${m.vendor_name})` : ""}`}
              : {m.status}, {m.attempts} attempt
              {m.attempts === 1 ? "" : "s"}
              {m.status === "pending" && <> · next {when(m.next_attempt_at)}</>}
            </p>
            <ul className="mt-1 list-disc pl-5">
              {m.attempt_log.map((a) => (
                <li key={a.id}>
                  {when(a.attempted_at)}: {a.ok ? `sent via ${a.sent_via}` : `failed: ${a.error}`}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </article>
  );
}
