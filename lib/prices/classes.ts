/**
 * The machine classes a rate card prices. Wheeled skid steers are classed by rated
 * operating capacity (ROC), as rental houses list them; compact track loaders are one class.
 */
export const MACHINE_CLASSES = ["small", "medium", "large", "track"] as const;
export type MachineClass = (typeof MACHINE_CLASSES)[number];

export const CLASS_NAMES: Record<MachineClass, { name: string; capacity: string }> = {
  small: { name: "Small wheeled skid steer", capacity: "under 1,750 lb rated operating capacity" },
  medium: { name: "Medium wheeled skid steer", capacity: "1,750 to 2,200 lb rated operating capacity" },
  large: { name: "Large wheeled skid steer", capacity: "over 2,200 lb rated operating capacity" },
  track: { name: "Compact track loader", capacity: "tracked, any size" },
};

export const isMachineClass = (value: unknown): value is MachineClass =>
  typeof value === "string" && (MACHINE_CLASSES as readonly string[]).includes(value);

/** The classes a rental request's type can be met with: a wheeled request is priced at the cheapest wheeled class. */
export const classesForType = (type: "wheeled" | "tracked"): MachineClass[] =>
  type === "tracked" ? ["track"] : ["small", "medium", "large"];
