import { scaleSqrt } from "d3-scale";
import { CANVAS, countryShapes, project } from "@/lib/maps/atlas";

interface Unanswered {
  zip: string;
  city_name: string;
  state_code: string;
  lat: number;
  lng: number;
  requests: number;
}

/** The console's map of where requests found no vendor: a dot per job-site ZIP code, sized by its requests. */
export function UnansweredMap({ places }: { places: Unanswered[] }) {
  const radius = scaleSqrt()
    .domain([0, Math.max(1, ...places.map((place) => place.requests))])
    .range([2, 14]);
  const dots = places
    .map((place) => ({ place, at: project(place.lat, place.lng) }))
    .filter((dot): dot is { place: Unanswered; at: [number, number] } => dot.at !== null)
    .sort((a, b) => b.place.requests - a.place.requests);
  return (
    <figure className="mt-4 max-w-3xl" data-testid="unanswered-map">
      <svg
        viewBox={`0 0 ${CANVAS.width} ${CANVAS.height}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Map of the ${places.length} job-site ZIP codes where requests found no vendor in the last 26 weeks, larger for more requests; they are listed below.`}
      >
        <g stroke="#fff">
          {countryShapes().map(({ name, d }) => (
            <path key={name} d={d} fill="#eceef1" />
          ))}
        </g>
        {dots.map(({ place, at }) => (
          <circle
            key={place.zip}
            cx={Math.round(at[0] * 10) / 10}
            cy={Math.round(at[1] * 10) / 10}
            r={Math.round(radius(place.requests) * 10) / 10}
            fill="#b42318"
            fillOpacity={0.55}
            stroke="#fff"
          >
            <title>{`${place.zip} (${place.city_name}, ${place.state_code}): ${place.requests} request${place.requests === 1 ? "" : "s"}`}</title>
          </circle>
        ))}
      </svg>
      <figcaption className="mt-2 text-sm text-ink-700">
        Each dot is a job-site ZIP code; the larger the dot, the more requests found no vendor there.
      </figcaption>
    </figure>
  );
}
