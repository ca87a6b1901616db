import { CANVAS, countryShapes } from "@/lib/maps/atlas";
import { MapLegend, shadesFor } from "./map-legend";

interface StateCount {
  state_name: string;
  state_slug: string;
  vendor_count: number;
}

/**
 * The country page's map: each state shaded by its listed vendors and linked to its page. The
 * page's own list of states says the same for screen readers and crawlers.
 */
export function CountryMap({ states, countrySlug }: { states: StateCount[]; countrySlug: string }) {
  const byName = new Map(states.map((state) => [state.state_name, state]));
  const { shade, key } = shadesFor(states.map((state) => state.vendor_count));
  return (
    <figure className="mt-10" data-testid="country-map">
      <svg
        viewBox={`0 0 ${CANVAS.width} ${CANVAS.height}`}
        className="h-auto w-full [&_a:hover_path]:opacity-75"
        stroke="#fff"
        role="group"
        aria-label="Map of the United States, each state shaded by its listed vendors; the states are listed below."
      >
        {countryShapes().map(({ name, d }) => {
          const state = byName.get(name);
          if (!state || state.vendor_count === 0) return <path key={name} d={d} fill="#eceef1" />;
          return (
            // Out of the tab order: the list below holds the same links for the keyboard.
            <a key={name} href={`/${countrySlug}/${state.state_slug}`} data-link="" tabIndex={-1}>
              <title>{`${name}: ${state.vendor_count} vendor${state.vendor_count === 1 ? "" : "s"}`}</title>
              <path d={d} fill={shade(state.vendor_count)} />
            </a>
          );
        })}
      </svg>
      <figcaption className="mt-2">
        <MapLegend items={key} label="Listed vendors per state" />
      </figcaption>
    </figure>
  );
}
