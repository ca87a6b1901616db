/** Skid steer models from supabase/data/skid-steer-models.v2.csv (sources: skid-steer-models.v2.SOURCES.md). */
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import path from "node:path";
import { slugify } from "../../lib/slug";

const dataDir = path.join(process.cwd(), "supabase", "data");

export interface ModelRow {
  manufacturer: string;
  manufacturerSite: string;
  model: string;
  type: string;
  operatingCapacity: number | null;
  operatingWeight: number | null;
  enginePower: number | null;
  liftPattern: string | null;
  hydraulicFlow: number | null;
  hydraulicPower: number | null;
  hydraulicPressure: number | null;
  height: number | null;
  width: number | null;
  length: number | null;
  lengthWithBucket: number | null;
  sourceUrl: string;
  capacityBasis: string | null;
  powerBasis: string | null;
  /** Every source behind the row's figures: URLs, `owner/repo@commit:path` GitHub files, or a described index entry. */
  sources: string[];
  slug: string;
  sticker: string | null;
  description: string | null;
}

const thoughts: Record<string, string> = {
  S70: "The smallest wheeled Bobcat goes where larger loaders cannot: through garden gates, into basements and along side yards. Its 760 lb rated capacity (at 50 % of tipping load) keeps it to light work, but for tight-access landscaping and interior demolition it is the rental to ask for.",
  S770: "A large-frame, vertical-lift machine with 92 hp and a 3,350 lb rated capacity at 50 % of tipping load. It loads trucks easily and runs demanding attachments; on paved or compacted sites it is one of the most capable wheeled rentals you can get.",
  T770: "A proven large-frame track loader: 3,475 lb rated at 35 % of tipping load, vertical lift and plenty of power for grading and truck loading on soft ground. A dependable choice for site work.",
  "SVL75-3":
    "Kubota's mid-size track loader is a favourite of rental fleets: comfortable cab, smooth controls and 2,490 lb rated at 35 % of tipping load. At just under 66 inches wide it still trailers easily.",
  "299D3":
    "Cat's largest compact track loader is built for heavy grading and high-flow attachments. Its 98 hp and wide tracks make it stable and productive on big sites; make sure your trailer and truck are rated for it.",
  T7X: "The all-electric T7X runs quietly with no exhaust, which opens up indoor work and noise-sensitive sites. Ask the vendor how many hours a charge lasts for your job and how the machine is charged on site.",
  "260":
    "Cat's new-generation 260 pairs 74 gross hp with a roomy cab, and its dimensions are published in full: 116.4 inches long without the bucket and 66.5 inches wide.",
  SR210B:
    "A mid-size radial-lift CASE skid steer that suits general digging, grading and material handling. CASE publishes net horsepower, so compare its 68 hp with care against gross figures.",
  L334: "New Holland's largest wheeled skid steer combines high power with vertical lift for loading trucks and handling pallets at full height.",
  TL12V2:
    "Takeuchi's big vertical-lift track loader is rated on a 50 % basis, so its capacity figure is not directly comparable with 35 % ratings from Bobcat or Kubota.",
};

function numberOrNull(text: string | undefined): number | null {
  return !text?.trim() ? null : Number(text);
}

const CAPACITY_BASES: Record<string, string> = { "35%": "35% of tipping load", "50%": "50% of tipping load" };
const POWER_BASES = new Set(["gross", "net"]);

export function loadModels(): ModelRow[] {
  const cells = parse(readFileSync(path.join(dataDir, "skid-steer-models.v2.csv"), "utf8"), {
    columns: true,
    skipEmptyLines: true,
    trim: true,
  }) as Array<Record<string, string>>;
  const usedSlugs = new Set<string>();
  const models = cells.map((cell): ModelRow => {
    let slug = slugify(cell.model);
    if (usedSlugs.has(slug)) slug = slugify(`${cell.manufacturer} ${cell.model}`);
    usedSlugs.add(slug);
    return {
      manufacturer: cell.manufacturer,
      manufacturerSite: cell.manufacturer_site,
      model: cell.model,
      type: cell.type,
      operatingCapacity: numberOrNull(cell.operating_capacity_lbs),
      operatingWeight: numberOrNull(cell.operating_weight_lbs),
      enginePower: numberOrNull(cell.engine_power_hp),
      liftPattern: cell.lift_pattern || null,
      hydraulicFlow: numberOrNull(cell.hydraulic_flow_gpm),
      hydraulicPower: numberOrNull(cell.hydraulic_power_hp),
      hydraulicPressure: numberOrNull(cell.hydraulic_pressure_psi),
      height: numberOrNull(cell.height_in),
      width: numberOrNull(cell.width_in),
      length: numberOrNull(cell.length_in),
      lengthWithBucket: numberOrNull(cell.length_with_bucket_in),
      sourceUrl: cell.source_url,
      capacityBasis: CAPACITY_BASES[cell.capacity_basis] ?? null,
      powerBasis: POWER_BASES.has(cell.power_basis) ? cell.power_basis : null,
      sources: cell.sources
        .split(";")
        .map((source) => source.trim())
        .filter(Boolean),
      slug,
      sticker: null,
      description: thoughts[cell.model] ?? null,
    };
  });
  return withStickers(models);
}

/**
 * Stickers computed from the figures, each among models rated on the same basis only
 * (a net figure or a 35 % rating is not comparable with a gross one or a 50 % rating),
 * and saying which basis: the largest gross engine power, the largest capacity at each
 * rating, the narrowest machine.
 */
function withStickers(models: ModelRow[]): ModelRow[] {
  const stickers = new Map<ModelRow, string>();
  const award = (label: string, candidates: ModelRow[], figure: (m: ModelRow) => number, lowest = false) => {
    const ranked = candidates
      .filter((m) => !stickers.has(m))
      .sort((a, b) => (lowest ? figure(a) - figure(b) : figure(b) - figure(a)) || a.slug.localeCompare(b.slug));
    if (ranked[0]) stickers.set(ranked[0], label);
  };
  award(
    "Most Powerful (gross hp)",
    models.filter((m) => m.powerBasis === "gross" && m.enginePower !== null),
    (m) => m.enginePower!,
  );
  award(
    "Highest Capacity (35% rating)",
    models.filter((m) => m.capacityBasis === CAPACITY_BASES["35%"] && m.operatingCapacity !== null),
    (m) => m.operatingCapacity!,
  );
  award(
    "Highest Capacity (50% rating)",
    models.filter((m) => m.capacityBasis === CAPACITY_BASES["50%"] && m.operatingCapacity !== null),
    (m) => m.operatingCapacity!,
  );
  award(
    "Narrowest",
    models.filter((m) => m.width !== null),
    (m) => m.width!,
    true,
  );
  return models.map((m) => ({ ...m, sticker: stickers.get(m) ?? null }));
}
