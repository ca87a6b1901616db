import { polygonHull } from "d3-polygon";
import { bordersWithin, frameAround, project } from "@/lib/maps/atlas";

export interface AreaVendor {
  id: number;
  name: string;
  lat: number;
  lng: number;
  places: Array<{ name: string; lat: number; lng: number; zips: number }>;
}

// Canvas units are about 3 miles: a frame shows at least 75 miles across, and leaves out what
// lies more than about 190 miles from its center (a listing serving a far state).
const MIN_SPAN = 25;
const REACH = 62;

type Point = [number, number];

/** At most this many places are dotted: those served by the most of the listings drawn. */
const MAX_PLACES = 150;

type Drawn = { vendor: AreaVendor; yard: Point | null; places: Array<{ place: AreaVendor["places"][number]; at: Point }> };

/** Each place once however many listings serve it, and what its dot's tooltip says. */
function servedPlaces(drawn: Drawn[], listings: number) {
  const byPoint = new Map<string, { key: string; at: Point; name: string; zips: number; by: number }>();
  for (const item of drawn)
    for (const { place, at } of item.places) {
      const key = `${place.lat},${place.lng}`;
      const known = byPoint.get(key) ?? { key, at, name: place.name, zips: 0, by: 0 };
      known.zips += place.zips;
      known.by += 1;
      byPoint.set(key, known);
    }
  return [...byPoint.values()]
    .sort((a, b) => b.by - a.by || b.zips - a.zips)
    .slice(0, MAX_PLACES)
    .map((place) => ({
      ...place,
      text:
        listings === 1
          ? `${place.name}: ${place.zips} ZIP code${place.zips === 1 ? "" : "s"} served`
          : `${place.name}: served by ${place.by} of these vendors`,
    }));
}

/**
 * A city's or a listing's map: the land and state lines around it, each listing's yard (dark
 * dot), the places of the ZIP codes it serves (small dots) and the area they span (shaded).
 */
export function AreaMap({
  center,
  vendors,
  label,
  testId,
}: {
  center: { name: string; lat: number; lng: number };
  vendors: AreaVendor[];
  label: string;
  testId: string;
}) {
  const middle = project(center.lat, center.lng);
  if (!middle) return null;
  const near = (point: Point | null): point is Point => point !== null && Math.hypot(point[0] - middle[0], point[1] - middle[1]) <= REACH;
  const drawn: Drawn[] = vendors.map((vendor) => ({
    vendor,
    yard: project(vendor.lat, vendor.lng),
    places: vendor.places.map((place) => ({ place, at: project(place.lat, place.lng) })).filter((p) => near(p.at)) as Array<{
      place: AreaVendor["places"][number];
      at: Point;
    }>,
  }));
  const points: Point[] = [middle];
  for (const item of drawn) {
    if (near(item.yard)) points.push(item.yard);
    for (const place of item.places) points.push(place.at);
  }
  const frame = frameAround(points, MIN_SPAN);
  const [x, y, width, height] = frame.viewBox;
  const unit = width / 100;
  const fixed = (value: number) => Math.round(value * 100) / 100;
  const area = (item: (typeof drawn)[number]) => {
    const corners = [...(near(item.yard) ? [item.yard] : []), ...item.places.map((place) => place.at)];
    const hull = corners.length >= 3 ? polygonHull(corners) : null;
    if (hull)
      return <path key={item.vendor.id} d={`M${hull.map((p) => p.map(fixed).join(",")).join("L")}Z`} vectorEffect="non-scaling-stroke" />;
    return corners.map((corner, index) => (
      <circle
        key={`${item.vendor.id}-${index}`}
        cx={fixed(corner[0])}
        cy={fixed(corner[1])}
        r={fixed(unit * 3)}
        vectorEffect="non-scaling-stroke"
      />
    ));
  };
  return (
    <figure className="mt-6 max-w-2xl" data-testid={testId}>
      <svg
        viewBox={[x, y, width, height].map(fixed).join(" ")}
        className="h-auto w-full rounded-[var(--radius-card)] border border-ink-200"
        role="img"
        aria-label={label}
      >
        <g fill="#f6f7f9" stroke="#d5d9de" strokeWidth={1}>
          {bordersWithin(frame).map((d, index) => (
            <path key={index} d={d} vectorEffect="non-scaling-stroke" />
          ))}
        </g>
        <g fill="#f2a900" fillOpacity={0.14} stroke="#c98a00" strokeOpacity={0.6} strokeWidth={1}>
          {drawn.map(area)}
        </g>
        <g fill="#8a5d00">
          {servedPlaces(drawn, vendors.length).map(({ key, at, text }) => (
            <circle key={key} cx={fixed(at[0])} cy={fixed(at[1])} r={fixed(unit * 0.6)}>
              <title>{text}</title>
            </circle>
          ))}
        </g>
        <g fill="#1b1f24" stroke="#fff" strokeWidth={1.5}>
          {drawn
            .filter((item) => near(item.yard))
            .map((item) => (
              <circle
                key={item.vendor.id}
                cx={fixed(item.yard![0])}
                cy={fixed(item.yard![1])}
                r={fixed(unit * 1.3)}
                vectorEffect="non-scaling-stroke"
              >
                <title>{`${item.vendor.name}'s yard`}</title>
              </circle>
            ))}
        </g>
        <text
          x={fixed(middle[0])}
          y={fixed(middle[1] - unit * 2.5)}
          textAnchor="middle"
          fontSize={fixed(unit * 4)}
          fontWeight={700}
          fill="#1b1f24"
          stroke="#fff"
          strokeWidth={fixed(unit * 0.8)}
          paintOrder="stroke"
        >
          {center.name}
        </text>
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-700">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="inline-block size-3 rounded-full bg-ink-900" /> Yard
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="inline-block size-2 rounded-full bg-brand-700" /> Place served (its ZIP codes)
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="inline-block size-3 rounded-sm border border-brand-600 bg-brand-100" /> Area served
        </span>
      </figcaption>
    </figure>
  );
}
