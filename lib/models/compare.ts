import type { EquipmentModel } from "./types";

export const COMPARE_LIMIT = 3;

/** The selection from ?models=a,b,c: known-shaped slugs, no repeats, at most 3. */
export function parseCompareSlugs(value: string | undefined): string[] {
  const slugs = (value ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter((s) => /^[a-z0-9-]{1,60}$/.test(s));
  return [...new Set(slugs)].slice(0, COMPARE_LIMIT);
}

export function compareHref(slugs: string[]): string {
  return slugs.length ? `/us/skidsteers/compare?models=${slugs.join(",")}` : "/us/skidsteers/compare";
}

export function addToComparison(slugs: string[], slug: string): string[] {
  return slugs.includes(slug) || slugs.length >= COMPARE_LIMIT ? slugs : [...slugs, slug];
}

export function removeFromComparison(slugs: string[], index: number): string[] {
  return slugs.filter((_, i) => i !== index);
}

/** A model the compare picker offers. */
export interface PickerOption {
  slug: string;
  name: string;
  manufacturer: string | null;
}

/** Picker groups: by manufacturer name alphabetically ("Other" if none), models by name. */
export function groupForPicker<T extends { name: string; manufacturer: string | null }>(models: T[]): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const m of models) {
    const key = m.manufacturer ?? "Other";
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, items]) => [name, [...items].sort((x, y) => x.name.localeCompare(y.name, "en", { numeric: true }))]);
}

type NumericKey = "operating_capacity" | "operating_weight" | "engine_power" | "hydraulic_pressure_psi" | "height" | "width" | "length";

/** Index of the best figure in a numeric row (highest, or lowest where smaller is better), or -1. */
/**
 * The model with the best figure, or -1 when fewer than two have one. With a basis
 * (capacity or power), models are only ranked when all their figures share it.
 */
export function bestIndex(
  models: EquipmentModel[],
  key: NumericKey,
  prefer: "high" | "low",
  basis?: "capacity_basis" | "power_basis",
): number {
  if (basis && new Set(models.filter((m) => m[key] !== null).map((m) => m[basis] ?? "unknown")).size > 1) return -1;
  let best = -1;
  models.forEach((m, i) => {
    const v = m[key];
    if (v === null) return;
    const current = best === -1 ? null : models[best][key];
    if (current === null || (prefer === "high" ? v > current : v < current)) best = i;
  });
  const values = models.map((m) => m[key]).filter((v) => v !== null);
  return values.length > 1 ? best : -1;
}
