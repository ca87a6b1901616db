import { z } from "zod";
import type { functionResults } from "../data/database.gen";

export interface EquipmentModel {
  id: number;
  name: string;
  slug: string;
  image_url: string | null;
  sticker: string | null;
  description: string | null;
  site: string | null;
  operating_capacity: number | null;
  operating_weight: number | null;
  engine_power: number | null;
  lift_pattern: string | null;
  hydraulic_power_hp: number | null;
  hydraulic_pressure_psi: number | null;
  hydraulic_flow_gpm: number | null;
  height: number | null;
  width: number | null;
  length: number | null;
  length_with_bucket: number | null;
  capacity_basis: string | null;
  power_basis: string | null;
  source_url: string | null;
  sources: string[];
  equipment_manufacturer: { id: number; name: string; slug: string; site: string | null } | null;
  equipment_type: { id: number; name: string; slug: string } | null;
}

/** A row of the popular models' table, its columns named as the source data names them. */
export type PopularModel = z.output<typeof functionResults.popular_models>[number];

const measure = z.number().nullable();
const text = z.string().nullable();

/** A model as the catalogue and model pages read it (equipment_model_json). */
export const equipmentModelSchema: z.ZodType<EquipmentModel> = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  image_url: text,
  sticker: text,
  description: text,
  site: text,
  operating_capacity: measure,
  operating_weight: measure,
  engine_power: measure,
  lift_pattern: text,
  hydraulic_power_hp: measure,
  hydraulic_pressure_psi: measure,
  hydraulic_flow_gpm: measure,
  height: measure,
  width: measure,
  length: measure,
  length_with_bucket: measure,
  capacity_basis: text,
  power_basis: text,
  source_url: text,
  sources: z.array(z.string()),
  equipment_manufacturer: z.object({ id: z.number(), name: z.string(), slug: z.string(), site: text }).nullable(),
  equipment_type: z.object({ id: z.number(), name: z.string(), slug: z.string() }).nullable(),
});
