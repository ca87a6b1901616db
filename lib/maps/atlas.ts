import "server-only";
import { geoAlbersUsa, geoContains, geoIdentity, geoPath, type GeoContext, type GeoPermissibleObjects } from "d3-geo";
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon } from "geojson";
import { feature } from "topojson-client";
import { presimplify, simplify } from "topojson-simplify";
import type { GeometryCollection, Topology } from "topojson-specification";
import nationTopology from "us-atlas/nation-10m.json";
import statesTopology from "us-atlas/states-albers-10m.json";

/**
 * The US Census state shapes us-atlas ships, already projected to Albers USA on a 975 × 610
 * canvas (Alaska and Hawaii moved beside the lower 48), and the projection that puts a latitude
 * and longitude on the same canvas. Everything here is pure and computed once per process.
 */
export const CANVAS = { width: 975, height: 610 } as const;

type StateFeature = Feature<Polygon | MultiPolygon, { name: string }>;

const projection = geoAlbersUsa().scale(1300).translate([487.5, 305]);

/** A place's point on the canvas, or null where Albers USA draws nothing (territories, abroad). */
export function project(latitude: number, longitude: number): [number, number] | null {
  return projection([longitude, latitude]);
}

/** The whole country keeps the points whose triangle is at least this many square units: what a phone shows. */
const COUNTRY_WEIGHT = 8;

const presimplified = presimplify(statesTopology as unknown as Topology<{ states: GeometryCollection<{ name: string }> }>);
/**
 * The levels of detail the maps draw at, from the whole country to a city's frame: each is
 * computed once, and a frame takes the coarsest that keeps what it shows.
 */
const WEIGHTS = [COUNTRY_WEIGHT, 2, 0.5, 0.1, 0.02];
const byWeight = new Map<number, Array<{ state: StateFeature; bounds: [[number, number], [number, number]] }>>();

/**
 * The states with every point whose triangle is smaller than `weight` square canvas units left
 * out, each with its bounds: a single state, or a city's frame, drawn larger than the country,
 * keeps more.
 */
function statesAt(weight: number) {
  let states = byWeight.get(weight);
  if (!states) {
    const simple = simplify(presimplified, weight);
    states = (feature(simple, simple.objects.states) as FeatureCollection<Polygon | MultiPolygon, { name: string }>).features.map(
      (state) => ({ state, bounds: geoPath().bounds(state) }),
    );
    byWeight.set(weight, states);
  }
  return states;
}

/**
 * A path's data in relative steps ("l3-2") from whole or rounded points: a page carries each map
 * twice (its HTML and the flight data that hydrates it), and short steps compress to a third less
 * than d3's absolute points.
 */
class RelativePath implements GeoContext {
  private data = "";
  private x = 0;
  private y = 0;
  private startX = 0;
  private startY = 0;
  private readonly scale: number;

  constructor(digits: number) {
    this.scale = 10 ** digits;
  }

  private round(value: number) {
    return Math.round(value * this.scale) / this.scale;
  }

  moveTo(x: number, y: number) {
    this.x = this.startX = this.round(x);
    this.y = this.startY = this.round(y);
    this.data += `M${this.x},${this.y}`;
  }

  lineTo(x: number, y: number) {
    const [nx, ny] = [this.round(x), this.round(y)];
    const [dx, dy] = [this.round(nx - this.x), this.round(ny - this.y)];
    if (dx === 0 && dy === 0) return;
    this.data += `l${dx}${dy < 0 ? dy : `,${dy}`}`;
    [this.x, this.y] = [nx, ny];
  }

  closePath() {
    this.data += "z";
    [this.x, this.y] = [this.startX, this.startY];
  }

  // Points are drawn as circles by the maps themselves, never as paths.
  arc() {}

  beginPath() {}

  take(): string {
    const data = this.data;
    this.data = "";
    return data;
  }
}

function pathData(shape: GeoPermissibleObjects, digits: number, clip: ReturnType<typeof geoIdentity> | null = null): string {
  const context = new RelativePath(digits);
  geoPath(clip, context)(shape);
  return context.take();
}

/** Each state's outline on the whole canvas, by its name (as the states table spells it). */
export function countryShapes(): Array<{ name: string; d: string }> {
  return statesAt(COUNTRY_WEIGHT).map(({ state }) => ({ name: state.properties.name, d: pathData(state, 0) }));
}

export interface Frame {
  /** The SVG viewBox: x, y, width, height in canvas units. */
  viewBox: [number, number, number, number];
  /** Canvas units per drawn pixel at the frame's width of 975 pixels: strokes and dots divide by it. */
  zoom: number;
}

/** A frame around a box of canvas points, padded, at least `minSpan` canvas units across. */
export function frameAround(points: Array<[number, number]>, minSpan: number): Frame {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const aspect = CANVAS.width / CANVAS.height;
  let width = Math.max(Math.max(...xs) - Math.min(...xs), minSpan) * 1.15;
  let height = Math.max(Math.max(...ys) - Math.min(...ys), minSpan / aspect) * 1.15;
  if (width / height > aspect) height = width / aspect;
  else width = height * aspect;
  return { viewBox: [cx - width / 2, cy - height / 2, width, height], zoom: CANVAS.width / width };
}

/** One state's outline and the frame that fits it. */
export function stateShape(name: string): { d: string; frame: Frame } | null {
  const whole = statesAt(COUNTRY_WEIGHT).find(({ state }) => state.properties.name === name)?.state;
  if (!whole) return null;
  const around = (shape: StateFeature) => {
    const [corner, opposite] = geoPath().bounds(shape);
    return frameAround([corner, opposite], 0);
  };
  // The detail follows the frame, and the frame is then fitted to the detailed outline it holds.
  const detailed = statesAt(weightFor(around(whole))).find(({ state }) => state.properties.name === name)!.state;
  const frame = around(detailed);
  return { d: framedPath(frame)(detailed), frame };
}

/** The state borders inside a frame, cut to it so a corner of Texas costs what it shows. */
export function bordersWithin(frame: Frame): string[] {
  const path = framedPath(frame);
  const [x, y, width, height] = frame.viewBox;
  return statesAt(weightFor(frame))
    .filter(({ bounds: [[x0, y0], [x1, y1]] }) => x0 <= x + width && x1 >= x && y0 <= y + height && y1 >= y)
    .map(({ state }) => path(state))
    .filter(Boolean);
}

// Points closer together than about half a pixel at the frame's scale are not drawn.
const weightFor = (frame: Frame) => WEIGHTS.find((weight) => weight <= COUNTRY_WEIGHT / (frame.zoom * frame.zoom)) ?? WEIGHTS.at(-1)!;

function framedPath(frame: Frame) {
  const [x, y, width, height] = frame.viewBox;
  // Whole numbers at the country's scale, and as many decimals as a zoomed frame needs.
  const digits = Math.min(3, Math.max(0, Math.ceil(Math.log10(frame.zoom))));
  const clip = geoIdentity().clipExtent([
    [x - 1, y - 1],
    [x + width + 1, y + height + 1],
  ]);
  return (shape: StateFeature) => pathData(shape, digits, clip);
}

const nation = feature(
  nationTopology as unknown as Topology,
  (nationTopology as unknown as Topology).objects.nation,
) as unknown as Feature<Geometry>;

/** Whether a position lies in the United States as the Census draws it (the 50 states and DC). */
export function inUnitedStates(latitude: number, longitude: number): boolean {
  return geoContains(nation as GeoPermissibleObjects, [longitude, latitude]);
}

let neighbours: Promise<Array<Feature<Geometry>>> | undefined;

/**
 * Whether a position lies in Canada or Mexico, by Natural Earth's 1:50m outlines (world-atlas),
 * read on first use: what tells a border town abroad from a US coast the Census outline cuts off.
 */
export async function inCanadaOrMexico(latitude: number, longitude: number): Promise<boolean> {
  neighbours ??= import("world-atlas/countries-50m.json").then((module) => {
    const topology = module.default as unknown as Topology<{ countries: GeometryCollection }>;
    return (feature(topology, topology.objects.countries) as FeatureCollection<Geometry>).features.filter(
      (country) => country.id === "124" || country.id === "484",
    );
  });
  return (await neighbours).some((country) => geoContains(country as GeoPermissibleObjects, [longitude, latitude]));
}
