import type { VendorCard } from "@/lib/directory/types";

/** The vendor's photo in a fixed 4:3 frame, or a drawn placeholder with its initials. */
export function VendorPhoto({ vendor, priority = false }: { vendor: Pick<VendorCard, "name" | "photo">; priority?: boolean }) {
  const initials = vendor.name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w)).slice(0, 2).map((w) => w[0]).join("");
  return (
    <div className="relative aspect-[4/3] w-full overflow-hidden bg-ink-100">
      {vendor.photo ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={vendor.photo} alt={vendor.name} className="h-full w-full object-cover" loading={priority ? "eager" : "lazy"} width={400} height={300} />
      ) : (
        // A plain box rather than an SVG: it is repeated on every card, so it stays small.
        <div role="img" aria-label={`${vendor.name} logo placeholder`}
          className="flex h-full w-full items-center justify-center bg-ink-100">
          <span aria-hidden="true" className="flex aspect-square h-[41%] items-center justify-center rounded-full bg-brand-500 text-4xl font-bold text-ink-900">
            {initials}
          </span>
        </div>
      )}
    </div>
  );
}
