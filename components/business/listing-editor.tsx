import { Link } from "@/components/ui/link";
import { Button } from "@/components/ui/button";
import { ListingForm } from "@/components/directory/listing-form";
import { FormField, inputClass } from "@/components/ui/form-field";
import { RateCardForm } from "@/components/prices/rate-card-form";
import { setColleagueAction } from "@/lib/accounts/actions";
import { setRateCardAction, updateListingAction } from "@/lib/listings/actions";
import type { BusinessListing } from "@/lib/listings/manage";

/** One managed listing: its public link, the fields the business edits, and its people. */
export function ListingEditor({ listing, self }: { listing: BusinessListing; self: string }) {
  const { address } = listing;
  const id = (name: string) => `listing-${listing.id}-${name}`;
  const pending = listing.pending_change;
  return (
    <section
      id={`listing-${listing.id}`}
      aria-labelledby={id("name")}
      className="mt-6 rounded-[var(--radius-card)] border border-ink-200 p-5"
      data-testid="business-listing"
    >
      <h2 id={id("name")} className="text-xl font-bold">
        {listing.name}
      </h2>
      <p className="mt-1 text-sm">
        <Link
          href={`/${address.country_slug}/${address.state_slug}/${address.city_slug}/${address.slug}`}
          className="text-brand-700 underline"
        >
          See the public page
        </Link>
      </p>
      {pending && (
        <p className="mt-2 text-sm text-ink-700" data-testid="pending-change">
          Waiting for our team:{" "}
          {[pending.name && `name “${pending.name}”`, pending.site && `website ${pending.site}`].filter(Boolean).join(", ")}.
        </p>
      )}
      <ListingForm
        audience="business"
        action={updateListingAction}
        listing={listing}
        hidden={{ vendor_id: listing.id }}
        idPrefix={`listing-${listing.id}`}
      />
      <h3 id={`rates-${listing.id}`} className="mt-6 text-lg font-bold">
        Your rental rates
      </h3>
      <RateCardForm action={setRateCardAction} hidden={{ vendor_id: listing.id }} card={listing.rates} idPrefix={id("rates")} />
      <h3 className="mt-6 text-lg font-bold">People who manage this listing</h3>
      <ul className="mt-2 space-y-2 text-sm" data-testid="listing-people">
        {listing.managers.map((person) => (
          <li key={person.email} className="flex flex-wrap items-center gap-3">
            <span>
              {person.email} ({person.role === "owner" ? "owner" : "colleague"})
            </span>
            {person.role !== "owner" && person.email !== self && (
              <form action={setColleagueAction}>
                <input type="hidden" name="vendor_id" value={listing.id} />
                <input type="hidden" name="colleague" value={person.email} />
                <input type="hidden" name="add" value="false" />
                <Button type="submit" size="sm" variant="outline">
                  Remove {person.email}
                </Button>
              </form>
            )}
          </li>
        ))}
      </ul>
      <form action={setColleagueAction} className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="vendor_id" value={listing.id} />
        <input type="hidden" name="add" value="true" />
        <FormField id={id("colleague")} label="Add a colleague by email">
          <input id={id("colleague")} name="colleague" type="email" required className={inputClass} />
        </FormField>
        <Button type="submit" variant="outline">
          Add colleague
        </Button>
      </form>
    </section>
  );
}
