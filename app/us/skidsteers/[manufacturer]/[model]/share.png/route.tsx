import { getEquipment } from "@/lib/models/data";
import { formatNumber } from "@/lib/models/catalogue";
import { shareCardImage } from "@/lib/og/share-card";

export const revalidate = 300;

type Context = { params: Promise<{ manufacturer: string; model: string }> };

/** A model's share image: its name and key figures. */
export async function GET(_request: Request, { params }: Context) {
  const { manufacturer: manufacturerSlug, model } = await params;
  const m = await getEquipment(model).catch(() => null);
  if (!m || manufacturerSlug !== (m.equipment_manufacturer?.slug ?? "other")) return new Response("Not Found", { status: 404 });
  const manufacturer = m.equipment_manufacturer?.name ?? "";
  return shareCardImage({
    eyebrow: `${m.equipment_type?.name ?? "Skid Steer"} rental`,
    title: `${manufacturer} ${m.name}`.trim(),
    facts: [
      { label: "Operating capacity", value: formatNumber(m.operating_capacity, "lbs") },
      { label: "Engine power", value: formatNumber(m.engine_power, "HP") },
    ],
    machine: { kind: m.equipment_type?.slug === "compact-track-loader" ? "tracked" : "wheeled", manufacturer },
  });
}
