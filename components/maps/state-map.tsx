import { scaleSqrt } from "d3-scale";
import { project, stateShape } from "@/lib/maps/atlas";

export interface MapCity {
  slug: string;
  name: string;
  count: number;
  lat: number;
  lng: number;
}

/**
 * A state's map: its outline and a dot for each city with vendors (the 80 with the most), sized
 * by its vendors and linked to its page. The page's list of cities names them all.
 */
export function StateMap({ stateName, base, cities }: { stateName: string; base: string; cities: MapCity[] }) {
  const shape = stateShape(stateName);
  if (!shape) return null;
  const [x, y, width, height] = shape.frame.viewBox;
  const radius = scaleSqrt()
    .domain([0, Math.max(1, ...cities.map((city) => city.count))])
    .range([width * 0.006, width * 0.03]);
  const dots = cities
    .map((city) => ({ city, at: project(city.lat, city.lng) }))
    .filter((dot): dot is { city: MapCity; at: [number, number] } => dot.at !== null)
    .sort((a, b) => b.city.count - a.city.count);
  const digits = (value: number) => Math.round(value * 10) / 10;
  return (
    <figure className="mt-10" data-testid="state-map">
      <svg
        viewBox={[x, y, width, height].map(digits).join(" ")}
        className="h-auto max-h-[28rem] w-full [&_a:hover_circle]:fill-brand-700"
        role="group"
        aria-label={`Map of ${stateName} with a dot for each city with vendors, larger for more vendors; the cities are listed below.`}
      >
        <path d={shape.d} fill="#f6f7f9" stroke="#4f5863" strokeWidth={1} vectorEffect="non-scaling-stroke" />
        {dots.map(({ city, at }) => (
          // Out of the tab order: the list below holds the same links for the keyboard.
          <a key={city.slug} href={`${base}/${city.slug}`} data-link="" tabIndex={-1}>
            <title>{`${city.name}: ${city.count} vendor${city.count === 1 ? "" : "s"}`}</title>
            <circle
              cx={digits(at[0])}
              cy={digits(at[1])}
              r={digits(radius(city.count))}
              fill="#f2a900"
              fillOpacity={0.85}
              stroke="#8a5d00"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          </a>
        ))}
      </svg>
      <figcaption className="mt-2 text-sm text-ink-700">
        {dots.length > 0
          ? "Each dot is a city with vendors; the larger the dot, the more vendors serve it."
          : `No city in ${stateName} has vendors listed yet.`}
      </figcaption>
    </figure>
  );
}
