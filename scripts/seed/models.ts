/** Skid steer models from supabase/data/skid-steer-models.csv and its notes. */
import { readFileSync } from "node:fs";
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
  slug: string;
  sticker: string | null;
  description: string | null;
}

const stickers: Record<string, string> = {
  "S770": "Best Seller",
  "T770": "Popular",
  "SVL75-3": "Top Pick",
  "299D3": "High Capacity",
  "T7X": "All-Electric",
  "S70": "Compact",
  "C362": "Most Powerful",
};

const thoughts: Record<string, string> = {
  "S70": "The smallest wheeled Bobcat is about three feet wide, so it goes where nothing else fits: through garden gates, into basements and along side yards. Its 760 lb rated capacity keeps it to light work, but for tight-access landscaping and interior demolition it is the rental to ask for.",
  "S770": "A large-frame, vertical-lift machine with 92 hp and a 3,350 lb rated capacity. It loads trucks easily and runs demanding attachments; on paved or compacted sites it is one of the most capable wheeled rentals you can get.",
  "T770": "A proven large-frame track loader: 3,475 lb rated at 35 % of tipping load, vertical lift and plenty of power for grading and truck loading on soft ground. A dependable choice for site work.",
  "SVL75-3": "Kubota's mid-size track loader is a favourite of rental fleets: comfortable cab, smooth controls and 2,300 lb rated at 35 % of tipping load. At just under 66 inches wide it still trailers easily.",
  "299D3": "Cat's largest compact track loader is built for heavy grading and high-flow attachments. Its 98 hp and wide tracks make it stable and productive on big sites; make sure your trailer and truck are rated for it.",
  "T7X": "The all-electric T7X runs quietly with no exhaust, which opens up indoor work and noise-sensitive sites. Ask the vendor how many hours a charge lasts for your job and how the machine is charged on site.",
  "260": "Cat's new-generation 260 pairs 74 hp with a roomy cab. This is the only model in our catalogue with full published dimensions: 116.4 inches long without the bucket.",
  "SR210B": "A mid-size radial-lift CASE skid steer that suits general digging, grading and material handling. CASE publishes net horsepower, so compare its 74 hp with care against gross figures.",
  "L334": "New Holland's largest wheeled skid steer combines high power with vertical lift for loading trucks and handling pallets at full height.",
  "TL12V2": "Takeuchi's big vertical-lift track loader is rated on a 50 % basis, so its capacity figure is not directly comparable with 35 % ratings from Bobcat or Kubota.",
};

function numberOrNull(text: string): number | null {
  return text.trim() === "" ? null : Number(text);
}

function basis(text: string | undefined, kind: "capacity" | "power"): string | null {
  if (!text) return null;
  if (kind === "capacity") {
    if (text.startsWith("35%")) return "35% of tipping load";
    if (text.startsWith("50%")) return "50% of tipping load";
    if (text.includes("convention 50%")) return "50% of tipping load (industry convention; not stated by the source)";
    return null;
  }
  if (text.startsWith("gross")) return "gross";
  if (text.startsWith("net")) return "net";
  return null;
}

/** ROC and power basis per row, from the notes' per-row provenance table (CSV order). */
function provenance(): Array<{ capacity: string; power: string }> {
  const notes = readFileSync(path.join(dataDir, "skid-steer-models.NOTES.md"), "utf8");
  const section = notes.split("## Per-row provenance")[1].split("\n## ")[0];
  return section
    .split("\n")
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((line) => {
      const cells = line.split("|").map((cell) => cell.trim());
      return { capacity: cells[6], power: cells[7] };
    });
}

export function loadModels(): ModelRow[] {
  const [header, ...lines] = readFileSync(path.join(dataDir, "skid-steer-models.csv"), "utf8")
    .trim()
    .split(/\r?\n/);
  const columns = header.split(",");
  const bases = provenance();
  const usedSlugs = new Set<string>();
  return lines.map((line, index) => {
    const cell = Object.fromEntries(line.split(",").map((value, i) => [columns[i], value]));
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
      capacityBasis: basis(bases[index]?.capacity, "capacity"),
      powerBasis: basis(bases[index]?.power, "power"),
      slug,
      sticker: stickers[cell.model] ?? null,
      description: thoughts[cell.model] ?? null,
    };
  });
}
