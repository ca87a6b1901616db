import Link from "next/link";
import { formatNumber, modelPath } from "@/lib/models/catalogue";
import type { EquipmentModel } from "@/lib/models/types";
import { ModelImage } from "./model-image";

export function ModelCard({ model }: { model: EquipmentModel }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-ink-200 bg-white">
      <ModelImage model={model} />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="text-lg font-bold">{model.name}</h3>
        <p className="text-sm text-ink-700">{model.equipment_manufacturer?.name ?? "Other"}</p>
        <p className="text-sm">Operating Capacity: <strong>{formatNumber(model.operating_capacity, "lbs")}</strong></p>
        <p className="text-sm text-ink-700">{model.equipment_type?.name}</p>
        <Link href={modelPath(model)} className="mt-auto pt-2 font-semibold text-brand-700 hover:underline">
          View Details<span className="sr-only"> for {model.equipment_manufacturer?.name} {model.name}</span>
        </Link>
      </div>
    </article>
  );
}
