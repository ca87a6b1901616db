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
  sources?: string[];
  equipment_manufacturer: { id: number; name: string; slug: string; site: string | null } | null;
  equipment_type: { id: number; name: string; slug: string } | null;
}

export type PopularModel = Record<string, string | number | null>;
