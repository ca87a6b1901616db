import type { EquipmentModel } from "./types";

export interface ModelFilters {
  manufacturers: string[];
  liftPatterns: string[];
  capacityMin: number;
  capacityMax: number;
  powerMin: number;
  powerMax: number;
}

const DEFAULT_CAPACITY_MAX = 10000;
const DEFAULT_POWER_MAX = 200;
export const CAPACITY_STEP = 100;
export const POWER_STEP = 5;

/** Slider maxima: the largest operating capacity and engine power among the models. */
export function sliderMaxima(models: EquipmentModel[]) {
  const max = (values: Array<number | null>, fallback: number) => {
    const numbers = values.filter((v): v is number => v !== null);
    return numbers.length ? Math.max(...numbers) : fallback;
  };
  return {
    capacity: max(
      models.map((m) => m.operating_capacity),
      DEFAULT_CAPACITY_MAX,
    ),
    power: max(
      models.map((m) => m.engine_power),
      DEFAULT_POWER_MAX,
    ),
  };
}

/**
 * Empty selections mean no restriction; a model lacking capacity or engine power
 * passes that range filter.
 */
export function filterModels(models: EquipmentModel[], filters: ModelFilters): EquipmentModel[] {
  return models.filter((m) => {
    if (filters.manufacturers.length && !filters.manufacturers.includes(m.equipment_manufacturer?.name ?? "")) return false;
    if (filters.liftPatterns.length && !filters.liftPatterns.includes(m.lift_pattern ?? "")) return false;
    if (m.operating_capacity !== null && (m.operating_capacity < filters.capacityMin || m.operating_capacity > filters.capacityMax))
      return false;
    if (m.engine_power !== null && (m.engine_power < filters.powerMin || m.engine_power > filters.powerMax)) return false;
    return true;
  });
}

export const SORTABLE_COLUMNS = [
  "name",
  "manufacturer",
  "operating_capacity",
  "operating_weight",
  "engine_power",
  "lift_pattern",
  "hydraulic_power_hp",
  "hydraulic_pressure_psi",
  "height",
  "width",
  "length",
] as const;
export type SortColumn = (typeof SORTABLE_COLUMNS)[number];
export type SortDirection = "asc" | "desc";

function sortValue(model: EquipmentModel, column: SortColumn): string | number | null {
  if (column === "manufacturer") return model.equipment_manufacturer?.name ?? null;
  return model[column];
}

/** Sorts by a column; null values always sort last; the manufacturer column sorts by name. */
export function sortModels(models: EquipmentModel[], column: SortColumn, direction: SortDirection): EquipmentModel[] {
  const sign = direction === "asc" ? 1 : -1;
  return [...models].sort((a, b) => {
    const x = sortValue(a, column);
    const y = sortValue(b, column);
    if (x === null && y === null) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y), "en", { numeric: true });
    return sign * order;
  });
}

/** Clicking a column sorts ascending; clicking the same column again toggles direction. */
export function nextSort(current: { column: SortColumn | null; direction: SortDirection }, clicked: SortColumn) {
  if (current.column === clicked) return { column: clicked, direction: current.direction === "asc" ? "desc" : "asc" } as const;
  return { column: clicked, direction: "asc" } as const;
}

/** "OperatingWeightLbs" → "Operating Weight Lbs"; "lift_pattern" → "Lift Pattern". */
export function splitFieldName(name: string): string {
  return name
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/(^|\s)([a-z])/g, (_, space: string, letter: string) => space + letter.toUpperCase());
}

export function shuffle<T>(items: T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

export function formatNumber(value: number | null, unit = ""): string {
  if (value === null || value === undefined) return "N/A";
  return `${Number(value).toLocaleString("en-US")}${unit ? ` ${unit}` : ""}`;
}

export function modelPath(model: Pick<EquipmentModel, "slug" | "equipment_manufacturer">): string {
  return `/us/skidsteers/${model.equipment_manufacturer?.slug ?? "other"}/${model.slug}`;
}

/** The short form of a figure's basis, shown beside it: "35%" or "50%" of tipping load, "gross" or "net". */
function basisTag(basis: string | null): string | null {
  return basis ? basis.split(" ")[0] : null;
}

/** A figure with its basis beside it, e.g. "2,490 lbs (35%)". */
export function withBasis(value: number | null, unit: string, basis: string | null): string {
  const tag = value !== null ? basisTag(basis) : null;
  return `${formatNumber(value, unit)}${tag ? ` (${tag})` : ""}`;
}

export const BASIS_NOTE =
  "Operating capacity is rated at 35 % or 50 % of tipping load and engine power is gross or net, as each source publishes it: " +
  "the basis is shown beside each figure. A 35 % rating reads lower than a 50 % one for the same machine, so sorting and filtering " +
  "by these figures does not rank models of different bases fairly.";
