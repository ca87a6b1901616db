import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BusinessNotice } from "@/components/business/notice";
import { Button } from "@/components/ui/button";
import { FormField, inputClass } from "@/components/ui/form-field";
import { claimListingAction } from "@/lib/accounts/actions";
import { claimableListing } from "@/lib/accounts/data";
import { recordId } from "@/lib/platform/record-id";

export const metadata: Metadata = { title: "Claim a Listing" };

type Props = { params: Promise<{ vendor: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Is this your business? The claimant's email decides whether a link or our team answers. */
export default async function ClaimPage({ params, searchParams }: Props) {
  const id = recordId((await params).vendor);
  const listing = id === null ? null : await claimableListing(id);
  if (!listing) notFound();
  const { notice, error } = await searchParams;
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight">Claim {listing.name}</h1>
      <p className="mt-2 text-ink-700">
        Use the listing&apos;s own email address, or one at its website&apos;s domain, and we will email you a link to manage it at once.
        Any other address goes to our team, who will check with the business.
      </p>
      <BusinessNotice notice={notice} error={error} />
      <form action={claimListingAction} className="mt-6 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="vendor_id" value={listing.id} />
        <FormField id="claim-email" label="Your email address">
          <input id="claim-email" name="email" type="email" required className={inputClass} />
        </FormField>
        <FormField id="claim-name" label="Your name">
          <input id="claim-name" name="name" required minLength={2} className={inputClass} />
        </FormField>
        <FormField id="claim-phone" label="Phone (optional)">
          <input id="claim-phone" name="phone" type="tel" className={inputClass} />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="claim-note" label="Anything our team should know (optional)">
            <textarea
              id="claim-note"
              name="note"
              rows={3}
              maxLength={2000}
              className="rounded-md border border-ink-200 bg-white px-3 py-2"
            />
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <Button type="submit">Claim this listing</Button>
        </div>
      </form>
    </>
  );
}
