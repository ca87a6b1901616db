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
        <svg role="img" aria-label={`${vendor.name} logo placeholder`} viewBox="0 0 400 300" className="h-full w-full">
          <rect width="400" height="300" fill="#eceef1" />
          <rect x="0" y="230" width="400" height="70" fill="#d5d9de" />
          <circle cx="200" cy="130" r="62" fill="#f2a900" />
          <text x="200" y="150" textAnchor="middle" fontSize="56" fontWeight="700" fill="#1b1f24" fontFamily="system-ui, sans-serif">{initials}</text>
        </svg>
      )}
    </div>
  );
}
