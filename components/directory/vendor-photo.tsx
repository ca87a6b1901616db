import type { VendorCard } from "@/lib/listings/types";

/** The vendor's photo in a fixed 4:3 frame, or a drawn placeholder with its initials. */
export function VendorPhoto({ vendor, priority = false }: { vendor: Pick<VendorCard, "name" | "photo">; priority?: boolean }) {
  const initials = vendor.name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join("");
  return (
    <div className="card-frame">
      {vendor.photo ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={vendor.photo} alt={vendor.name} loading={priority ? "eager" : "lazy"} width={400} height={300} />
      ) : (
        // A plain box rather than an SVG: it is repeated on every card, so it stays small.
        <div role="img" aria-label={`${vendor.name} logo placeholder`} className="flex h-full bg-ink-100">
          <span aria-hidden="true" className="initials">
            {initials}
          </span>
        </div>
      )}
    </div>
  );
}
