import { describe, expect, it } from "vitest";
import { filterModels, nextSort, sliderMaxima, sortModels, splitFieldName, type ModelFilters } from "../../lib/models/catalogue";
import type { EquipmentModel, PopularModel } from "../../lib/models/types";
import { popularModelSpecs } from "../../lib/models/popular";
import { describeSource } from "../../lib/models/sources";

const model = (id: number, name: string, manufacturer: string | null, values: Partial<EquipmentModel> = {}): EquipmentModel => ({
  id,
  name,
  slug: name.toLowerCase(),
  image_url: null,
  sticker: null,
  description: null,
  site: null,
  operating_capacity: null,
  operating_weight: null,
  engine_power: null,
  lift_pattern: null,
  hydraulic_power_hp: null,
  hydraulic_pressure_psi: null,
  hydraulic_flow_gpm: null,
  height: null,
  width: null,
  length: null,
  length_with_bucket: null,
  capacity_basis: null,
  power_basis: null,
  source_url: null,
  sources: [],
  equipment_manufacturer: manufacturer ? { id, name: manufacturer, slug: manufacturer.toLowerCase(), site: null } : null,
  equipment_type: null,
  ...values,
});

const models = [
  model(1, "S70", "Bobcat", { operating_capacity: 700, engine_power: 23.5, lift_pattern: "Radial" }),
  model(2, "T770", "Bobcat", { operating_capacity: 3475, engine_power: 92, lift_pattern: "Vertical" }),
  model(3, "SVL75-3", "Kubota", { operating_capacity: 2475, engine_power: 74.3, lift_pattern: "Vertical" }),
  model(4, "262G", "Caterpillar", { operating_capacity: null, engine_power: 73.2, lift_pattern: "Vertical" }),
  model(5, "Mystery", null, { operating_capacity: 1500, engine_power: null, lift_pattern: null }),
];

const none: ModelFilters = { manufacturers: [], liftPatterns: [], capacityMin: 0, capacityMax: 10_000, powerMin: 0, powerMax: 200 };
const names = (list: EquipmentModel[]) => list.map((m) => m.name);

describe("filterModels", () => {
  it("empty selections and full ranges keep every model", () => {
    expect(names(filterModels(models, none))).toEqual(names(models));
  });
  it("narrows by manufacturer and lift pattern", () => {
    expect(names(filterModels(models, { ...none, manufacturers: ["Bobcat"] }))).toEqual(["S70", "T770"]);
    expect(names(filterModels(models, { ...none, manufacturers: ["Bobcat", "Kubota"], liftPatterns: ["Vertical"] }))).toEqual([
      "T770",
      "SVL75-3",
    ]);
  });
  it("ranges are inclusive, and models lacking a figure pass that range", () => {
    expect(names(filterModels(models, { ...none, capacityMin: 1500, capacityMax: 2475 }))).toEqual(["SVL75-3", "262G", "Mystery"]);
    expect(names(filterModels(models, { ...none, powerMin: 74.3 }))).toEqual(["T770", "SVL75-3", "Mystery"]);
  });
  it("slider maxima are the largest capacity and power", () => {
    expect(sliderMaxima(models)).toEqual({ capacity: 3475, power: 92 });
  });
});

describe("sortModels", () => {
  it("sorts ascending and descending with nulls last both ways", () => {
    expect(names(sortModels(models, "operating_capacity", "asc"))).toEqual(["S70", "Mystery", "SVL75-3", "T770", "262G"]);
    expect(names(sortModels(models, "operating_capacity", "desc"))).toEqual(["T770", "SVL75-3", "Mystery", "S70", "262G"]);
  });
  it("sorts the manufacturer column by the manufacturer's name", () => {
    expect(names(sortModels(models, "manufacturer", "asc"))).toEqual(["S70", "T770", "262G", "SVL75-3", "Mystery"]);
  });
  it("a first click sorts ascending, the same column again toggles", () => {
    expect(nextSort({ column: null, direction: "asc" }, "name")).toEqual({ column: "name", direction: "asc" });
    expect(nextSort({ column: "name", direction: "asc" }, "name")).toEqual({ column: "name", direction: "desc" });
    expect(nextSort({ column: "name", direction: "desc" }, "name")).toEqual({ column: "name", direction: "asc" });
    expect(nextSort({ column: "name", direction: "desc" }, "width")).toEqual({ column: "width", direction: "asc" });
  });
});

describe("splitFieldName", () => {
  it.each([
    ["OperatingWeightLbs", "Operating Weight Lbs"],
    ["lift_pattern", "Lift Pattern"],
    ["HydraulicFlowGPM", "Hydraulic Flow GPM"],
    ["Model", "Model"],
    ["EnginePowerHp", "Engine Power Hp"],
    ["Operating Capacity (lbs)", "Operating Capacity (lbs)"],
  ])("%s → %s", (field, label) => {
    expect(splitFieldName(field)).toBe(label);
  });
});

describe("popular models' Read More data", () => {
  it("lists every field but the card's, split into words, with each model's values in label order and N/A for a missing value", () => {
    const row = (values: Partial<PopularModel>): PopularModel => ({
      id: null,
      Model: null,
      Manufacturer: null,
      "Image URL": null,
      "Operating Capacity (lbs)": null,
      "Length w/Bucket (in)": null,
      EquipmentType: "Wheeled",
      OperatingWeightLbs: null,
      EnginePowerHp: 74,
      LiftPattern: null,
      HydraulicFlowGpm: 23,
      HydraulicPressurePsi: 3500,
      HeightIn: 77,
      WidthIn: 66,
      LengthIn: 110,
      ...values,
    });
    const specs = popularModelSpecs([
      row({
        id: 7,
        Model: "S70",
        Manufacturer: "Bobcat",
        "Operating Capacity (lbs)": 700,
        "Length w/Bucket (in)": 110,
        OperatingWeightLbs: 2795,
        LiftPattern: "Radial",
      }),
      row({
        id: 9,
        Model: "T86",
        Manufacturer: "Bobcat",
        "Image URL": "/x.svg",
        "Operating Capacity (lbs)": 3400,
        LiftPattern: "Vertical",
      }),
    ]);
    expect(specs.labels).toEqual([
      "Equipment Type",
      "Operating Weight Lbs",
      "Engine Power Hp",
      "Lift Pattern",
      "Hydraulic Flow Gpm",
      "Hydraulic Pressure Psi",
      "Height In",
      "Width In",
      "Length In",
    ]);
    expect(specs.models).toEqual({
      "7": { title: "Bobcat S70", values: ["Wheeled", "2795", "74", "Radial", "23", "3500", "77", "66", "110"] },
      "9": { title: "Bobcat T86", values: ["Wheeled", "N/A", "74", "Vertical", "23", "3500", "77", "66", "110"] },
    });
  });
});

describe("a model's sources", () => {
  it("links URLs and commit-pinned GitHub files, and names sources without an address", () => {
    expect(describeSource("https://www.bobcat.com/na/en/equipment/loaders/skid-steer-loaders/")).toEqual({
      label: "bobcat.com/na/en/equipment/loaders/skid-steer-loaders",
      href: "https://www.bobcat.com/na/en/equipment/loaders/skid-steer-loaders/",
    });
    expect(describeSource("owner/repo@8c864e5101310fb3c61dca1c6f583e39aefbf98d:lib/migrations/547_bobcat.ts")).toEqual({
      label: "547_bobcat.ts in owner/repo (GitHub)",
      href: "https://github.com/owner/repo/blob/8c864e5101310fb3c61dca1c6f583e39aefbf98d/lib/migrations/547_bobcat.ts",
    });
    expect(describeSource("github-index-file:70205663109 (DFW rental-site guide)")).toEqual({
      label: "GitHub file 70205663109 (DFW rental-site guide)",
      href: null,
    });
    expect(describeSource("javascript:alert(1)").href).toBeNull();
  });
});
