import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ListingForm } from "@/components/directory/listing-form";
import { Notice } from "@/components/operator/notice";
import { Button } from "@/components/ui/button";
import { vendorPath } from "@/lib/listings/ordering";
import { RateCardForm } from "@/components/prices/rate-card-form";
import { revokeManagerAction } from "@/lib/accounts/actions";
import { setVendorRateCardAction as setRateCardAction, setVendorHiddenAction, updateVendorAction } from "@/lib/listings/actions";
import { recordId } from "@/lib/platform/record-id";
import { vendorDetail, vendorRateCard } from "@/lib/listings/manage";
import { vendorManagers } from "@/lib/accounts/data";
import { consoleTime } from "@/lib/platform/console-time";
import { requireOperator } from "@/lib/auth/operator-session";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function VendorEditor({ params, searchParams }: Props) {
  await requireOperator();
  const { id } = await params;
  const record = recordId(id);
  const [vendor, managers, rates] =
    record === null ? [null, [], null] : await Promise.all([vendorDetail(record), vendorManagers(record), vendorRateCard(record)]);
  if (!vendor) notFound();
  const { notice, error } = await searchParams;
  return (
    <article>
      <h1 className="text-2xl font-extrabold">{vendor.name}</h1>
      <p className="mt-1 text-sm">
        {vendor.hidden ? (
          "Hidden from the public site."
        ) : (
          <Link href={vendorPath(vendor.address)} className="text-brand-700 underline">
            Its public page
          </Link>
        )}
      </p>
      <Notice notice={notice} error={error} />
      <ListingForm audience="operator" action={updateVendorAction} listing={vendor} hidden={{ id: vendor.id }} idPrefix="console-listing" />
      <form action={setVendorHiddenAction} className="mt-6">
        <input type="hidden" name="id" value={vendor.id} />
        <input type="hidden" name="hidden" value={String(!vendor.hidden)} />
        <Button type="submit" variant="outline">
          {vendor.hidden ? "Unhide listing" : "Hide listing"}
        </Button>
      </form>
      <h2 className="mt-8 text-xl font-bold">Rate card</h2>
      <RateCardForm action={setRateCardAction} hidden={{ id: vendor.id }} card={rates} idPrefix="console-rates" />
      <h2 className="mt-8 text-xl font-bold">People who manage it</h2>
      <ul className="mt-2 space-y-2 text-sm" data-testid="vendor-managers">
        {managers.map((person) => (
          <li key={person.email} className="flex flex-wrap items-center gap-3">
            <span>
              {person.email} ({person.role}, added by {person.added_by}, {consoleTime(person.created_at)})
            </span>
            <form action={revokeManagerAction}>
              <input type="hidden" name="id" value={vendor.id} />
              <input type="hidden" name="email" value={person.email} />
              <Button type="submit" size="sm" variant="outline">
                Revoke {person.email}
              </Button>
            </form>
          </li>
        ))}
        {managers.length === 0 && <li>Nobody: the listing is not claimed.</li>}
      </ul>
    </article>
  );
}
