import { Link } from "@/components/ui/link";
import { X } from "lucide-react";
import { formatNumber, modelPath, withBasis } from "@/lib/models/catalogue";
import { bestIndex, compareHref, removeFromComparison } from "@/lib/models/compare";
import type { EquipmentModel } from "@/lib/models/types";
import { cn } from "@/lib/utils";
import { ModelImage } from "./model-image";

type Row = { label: string; value: (m: EquipmentModel) => string; best?: number; note?: string };

export function CompareTable({ models, slugs }: { models: EquipmentModel[]; slugs: string[] }) {
  const numeric = (label: string, key: Parameters<typeof bestIndex>[1], unit: string, prefer: "high" | "low" = "high"): Row => ({
    label,
    value: (m) => formatNumber(m[key], unit),
    best: bestIndex(models, key, prefer),
  });
  // A figure with a basis is ranked only against figures on the same basis, and says so otherwise.
  const basisRow = (
    label: string,
    key: "operating_capacity" | "engine_power",
    unit: string,
    basis: "capacity_basis" | "power_basis",
    unranked: string,
  ): Row => {
    const best = bestIndex(models, key, "high", basis);
    const comparable = models.filter((m) => m[key] !== null).length > 1;
    return { label, value: (m) => withBasis(m[key], unit, m[basis]), best, note: best === -1 && comparable ? unranked : undefined };
  };
  const rows: Row[] = [
    { label: "Equipment Type", value: (m) => m.equipment_type?.name ?? "N/A" },
    basisRow("Operating Capacity", "operating_capacity", "lbs", "capacity_basis", "Not ranked: rated at different shares of tipping load"),
    numeric("Operating Weight", "operating_weight", "lbs"),
    basisRow("Engine Power", "engine_power", "HP", "power_basis", "Not ranked: gross and net figures, or an unstated basis"),
    { label: "Lift Pattern", value: (m) => m.lift_pattern ?? "N/A" },
    numeric("Hydraulic Pressure", "hydraulic_pressure_psi", "PSI"),
    numeric("Height", "height", "in", "low"),
    numeric("Width", "width", "in", "low"),
    numeric("Length", "length", "in", "low"),
  ];
  return (
    <div className="relative mt-6 overflow-x-auto">
      <table className="w-full min-w-[640px] table-fixed text-left text-sm" data-testid="compare-table">
        <thead>
          <tr>
            <th scope="col" className="w-40 p-3">
              Model
            </th>
            {models.map((m, index) => (
              <th key={m.slug} scope="col" className="p-3 align-top">
                <div className="flex items-start justify-between gap-2">
                  <div>
                    <Link href={modelPath(m)} className="inline-block py-1 text-base font-bold hover:underline">
                      {m.name}
                    </Link>
                    <div>
                      <Link
                        href={`/us/skidsteers?manufacturer=${m.equipment_manufacturer?.slug ?? ""}`}
                        className="inline-block py-1 font-normal text-brand-700 hover:underline"
                      >
                        {m.equipment_manufacturer?.name ?? "Other"}
                      </Link>
                    </div>
                  </div>
                  <Link
                    href={compareHref(removeFromComparison(slugs, index))}
                    scroll={false}
                    aria-label={`Remove ${m.name}`}
                    className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md hover:bg-ink-100"
                  >
                    <X aria-hidden="true" className="h-4 w-4" />
                  </Link>
                </div>
                <div className="mt-2 overflow-hidden rounded-md border border-ink-200">
                  <ModelImage model={m} priority />
                </div>
                <Link href={modelPath(m)} className="mt-2 inline-block font-semibold text-brand-700 hover:underline">
                  View Details
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-t border-ink-200">
              <th scope="row" className="p-3 font-semibold">
                {row.label}
                {row.note && <span className="block text-xs font-normal text-ink-600">{row.note}</span>}
              </th>
              {models.map((m, i) => (
                <td key={m.slug} className={cn("p-3", row.best === i && "font-bold text-success-700")}>
                  {row.value(m)}
                  {row.best === i && <span className="sr-only"> (best)</span>}
                  {row.best === i && <span aria-hidden="true"> ★</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
