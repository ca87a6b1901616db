import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { RequestButton } from "@/components/rental/request-button";
import { ShowMore } from "@/components/show-more";
import { PAGE_SIZES, vendorPath } from "@/lib/listings/ordering";
import type { VendorCard } from "@/lib/listings/types";
import { FromRate } from "@/components/prices/from-rate";
import { RentalRecords } from "./rental-records";
import { Rating } from "./rating";
import { VendorPhoto } from "./vendor-photo";

interface VendorGridProps {
  vendors: VendorCard[];
  heading: string;
  /** Links to the other pages of vendors, when there are more than one page holds. */
  pagination?: ReactNode;
  /** Shown under the heading: the orders the list can be read in. */
  toolbar?: ReactNode;
  headingLevel?: "h1" | "h2";
  /** A line of the page's own under each vendor's name: its distance from a ZIP code. */
  note?: (vendor: VendorCard) => ReactNode;
}

export function VendorGrid({ vendors, heading, pagination, toolbar, headingLevel: Heading = "h2", note }: VendorGridProps) {
  return (
    <section className="mt-10" aria-labelledby="vendors-heading">
      <Heading id="vendors-heading" className="text-2xl font-bold">
        {heading}
      </Heading>
      {toolbar}
      {vendors.length === 0 ? (
        <p className="mt-3 text-ink-600">No vendors are listed here yet.</p>
      ) : (
        <ShowMore
          initial={PAGE_SIZES.vendors.desktop}
          step={PAGE_SIZES.vendors.desktop}
          mobileInitial={PAGE_SIZES.vendors.mobile}
          mobileStep={PAGE_SIZES.vendors.mobile}
          className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          itemClassName="vendor-card"
        >
          {vendors.map((vendor) => (
            <article key={vendor.id} className="card">
              <VendorPhoto vendor={vendor} />
              <div className="card-body">
                <div>
                  <h3 className="card-title inline">
                    <Link href={vendorPath(vendor)} className="hover:underline">
                      {vendor.name}
                    </Link>
                  </h3>
                  {vendor.new && <span className="badge-new">New</span>}
                </div>
                {note?.(vendor)}
                <Rating reviews={vendor.reviews} sample={vendor.rating} />
                <FromRate vendor={vendor} />
                <RentalRecords records={vendor.records} />
                {vendor.claimed && <p className="claimed">Claimed by the business</p>}
                {vendor.full_address && <p className="card-muted">{vendor.full_address}</p>}
                {vendor.phone && (
                  <a href={`tel:${vendor.phone.replace(/[^\d+]/g, "")}`} className="card-link text-sm">
                    <span className="sr-only">Call </span>
                    {vendor.phone}
                  </a>
                )}
                {/* No ZIP here: the dialog falls back to the page's own job-site hint. */}
                <RequestButton
                  label="Request a quote"
                  vendor={{ id: vendor.id, name: vendor.name }}
                  size="sm"
                  className="mt-auto self-start"
                />
              </div>
            </article>
          ))}
        </ShowMore>
      )}
      {pagination}
    </section>
  );
}
