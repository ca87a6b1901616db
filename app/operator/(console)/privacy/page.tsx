import { Notice } from "@/components/operator/notice";
import { DataTable } from "@/components/operator/data-table";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { DatabaseError } from "@/lib/data/rpc";
import { erasePersonAction } from "@/lib/privacy/actions";
import { consoleTime } from "@/lib/platform/console-time";
import { consoleMessage } from "@/lib/messages/console";
import { personOnFile, type PersonOnFile } from "@/lib/privacy/erasure";
import { requireOperator } from "@/lib/auth/operator-session";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const input = `${inputClass} mt-1 block w-full font-normal`;
const one = (value: string | string[] | undefined) => (typeof value === "string" ? value.trim().slice(0, 320) : "");

/** What the site holds for a person, or the refusal's code when the phone number and email address are unusable. */
async function lookUp(phone: string, email: string): Promise<{ person: PersonOnFile | null; refusal: string | null }> {
  try {
    return { person: await personOnFile(phone, email), refusal: null };
  } catch (error) {
    if (error instanceof DatabaseError && error.refusal) return { person: null, refusal: error.refusal };
    throw error;
  }
}

// A person's data on request: look it up by phone number or email address, see all of it, erase it in one action.
export default async function PrivacyRequests({ searchParams }: Props) {
  await requireOperator();
  const params = await searchParams;
  const [phone, email] = [one(params.phone), one(params.email)];
  const { person, refusal } = phone || email ? await lookUp(phone, email) : { person: null, refusal: null };
  const held = person && (person.requests.some((request) => !request.anonymized_at) || person.reviews.length > 0);
  return (
    <section aria-labelledby="privacy-heading">
      <h1 id="privacy-heading" className="text-2xl font-extrabold">
        A person&apos;s data
      </h1>
      <Notice notice={params.notice} error={params.error ?? refusal ?? undefined} />
      <form method="get" className="mt-4 grid gap-3 rounded-[var(--radius-card)] border border-ink-200 p-4 text-sm sm:grid-cols-3">
        <label className="font-semibold">
          Phone number
          <input name="phone" type="tel" defaultValue={phone} className={input} />
        </label>
        <label className="font-semibold">
          Email address
          <input name="email" type="email" defaultValue={email} className={input} />
        </label>
        <div className="flex items-end">
          <Button type="submit" size="sm">
            Look up
          </Button>
        </div>
      </form>
      {person && (
        <div className="mt-6 space-y-6" data-testid="person-on-file">
          <h2 className="text-lg font-bold">Requests</h2>
          <DataTable
            testId="person-requests"
            rows={person.requests}
            rowKey={(request) => request.id}
            empty="No requests."
            columns={[
              { label: "#", cell: (request) => request.id },
              { label: "Made (UTC)", cell: (request) => consoleTime(request.completed_at ?? request.created_at) },
              { label: "Name", cell: (request) => (request.anonymized_at ? "erased" : request.name) },
              { label: "Phone", cell: (request) => request.phone },
              { label: "Email", cell: (request) => request.email ?? "" },
              { label: "ZIP", cell: (request) => request.location },
              { label: "State", cell: (request) => (request.completed ? (request.withdrawn_at ? "withdrawn" : "sent") : "draft") },
            ]}
          />
          <h2 className="text-lg font-bold">Reviews</h2>
          <DataTable
            testId="person-reviews"
            rows={person.reviews}
            rowKey={(review) => review.id}
            empty="No reviews."
            columns={[
              { label: "Request", cell: (review) => review.lead_id },
              { label: "Vendor", cell: (review) => review.vendor_name },
              { label: "Stars", cell: (review) => review.stars },
              { label: "Signed", cell: (review) => review.author },
              { label: "Status", cell: (review) => review.status },
            ]}
          />
          <h2 className="text-lg font-bold">Messages about these requests</h2>
          <DataTable
            testId="person-messages"
            rows={person.messages}
            rowKey={(message) => message.id}
            empty="No messages."
            columns={[
              { label: "Request", cell: (message) => message.lead_id },
              { label: "Kind", cell: (message) => message.kind },
              { label: "To", cell: (message) => message.recipient ?? (message.channel === "webhook" ? "webhook" : "the vendor") },
              { label: "Status", cell: (message) => message.status },
              { label: "Sent (UTC)", cell: (message) => (message.sent_at ? consoleTime(message.sent_at) : "") },
            ]}
          />
          <h2 className="text-lg font-bold">Consent records</h2>
          <DataTable
            testId="person-consents"
            rows={person.consents}
            rowKey={(consent) => consent.lead_id}
            empty="No consent records."
            columns={[
              { label: "Request", cell: (consent) => consent.lead_id },
              { label: "Given (UTC)", cell: (consent) => consoleTime(consent.given_at) },
              { label: "Page", cell: (consent) => consent.page },
              { label: "Text", cell: (consent) => consent.text },
            ]}
          />
          {held ? (
            <form action={erasePersonAction} className="rounded-[var(--radius-card)] border border-danger-600 p-4 text-sm">
              <input type="hidden" name="phone" value={phone} />
              <input type="hidden" name="email" value={email} />
              <p>
                Erasing blanks the name, phone number and email address of every request above, removes the reviews from every page and
                empties the messages. Counts, dates, ZIP codes and vendors stay for the reports.
              </p>
              <Button type="submit" size="sm" className="mt-2">
                Erase everything for this person
              </Button>
            </form>
          ) : (
            <p data-testid="nothing-held">{consoleMessage("error", "nothing-on-file")}</p>
          )}
        </div>
      )}
    </section>
  );
}
