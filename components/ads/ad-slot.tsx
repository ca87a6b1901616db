import { AdSenseUnit } from "./adsense-unit";

const client = process.env.NEXT_PUBLIC_ADSENSE_CLIENT;

/**
 * The vendor page's advertisement: a fixed-size box either way, so it never shifts the
 * layout. With NEXT_PUBLIC_ADSENSE_CLIENT set it holds an AdSense unit; otherwise it is
 * a neutral reserved box and sends no script.
 */
export function AdSlot() {
  return (
    <aside
      aria-label="Advertisement"
      data-testid="ad-slot"
      className="flex h-[250px] w-full max-w-[300px] items-center justify-center overflow-hidden rounded-md border border-dashed border-ink-200 bg-ink-50 text-sm text-ink-600"
    >
      {client ? <AdSenseUnit client={client} /> : <span>Advertisement</span>}
    </aside>
  );
}
