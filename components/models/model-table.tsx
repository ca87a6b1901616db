import { Link } from "@/components/ui/link";
import { BASIS_NOTE, formatNumber, modelPath, nextSort, withBasis, type SortColumn, type SortDirection } from "@/lib/models/catalogue";
import { HydrateApart } from "@/components/ui/hydrate-apart";
import { InfoTip } from "@/components/ui/tooltip";
import { glossary } from "@/lib/models/glossary";
import type { EquipmentModel } from "@/lib/models/types";
import { NoContextMenu } from "./no-context-menu";

const columnHelp: Partial<Record<SortColumn, string>> = {
  operating_capacity: glossary.operatingCapacity,
  lift_pattern: glossary.liftPattern,
};

const columns: Array<{ key: SortColumn | null; label: string }> = [
  { key: null, label: "Image" },
  { key: "name", label: "Name" },
  { key: "manufacturer", label: "Manufacturer" },
  { key: "operating_capacity", label: "Operating Capacity (lbs)" },
  { key: "operating_weight", label: "Operating Weight (lbs)" },
  { key: "engine_power", label: "Engine Power (HP)" },
  { key: "lift_pattern", label: "Lift Pattern" },
  { key: "hydraulic_power_hp", label: "Hydraulic Power (HP)" },
  { key: "hydraulic_pressure_psi", label: "Hydraulic Pressure (PSI)" },
  { key: "height", label: "Height (in)" },
  { key: "width", label: "Width (in)" },
  { key: "length", label: "Length (in)" },
  { key: null, label: "Actions" },
];

interface ModelTableProps {
  models: EquipmentModel[];
  sort: { column: SortColumn | null; direction: SortDirection };
  /** The current query (filters and view) that sorting keeps. */
  query: URLSearchParams;
}

export function ModelTable({ models, sort, query }: ModelTableProps) {
  const sortHref = (column: SortColumn) => {
    const next = nextSort(sort, column);
    const params = new URLSearchParams(query);
    params.set("sort", next.column);
    params.set("dir", next.direction);
    return `?${params.toString()}`;
  };
  return (
    <>
      <p className="mt-6 max-w-4xl text-sm text-ink-700" data-testid="basis-note">
        {BASIS_NOTE}
      </p>
      <NoContextMenu className="relative mt-3 overflow-x-auto rounded-[var(--radius-card)] border border-ink-200">
        <table className="w-full min-w-[1100px] text-left text-sm [&_td]:px-3 [&_td]:py-2" data-testid="models-table">
          <thead className="bg-ink-50">
            <tr>
              {columns.map((c) => (
                <th
                  key={c.label}
                  scope="col"
                  className="px-3 py-3 font-semibold"
                  aria-sort={c.key && sort.column === c.key ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}
                >
                  {c.key ? (
                    <Link href={sortHref(c.key)} scroll={false} className="hover:underline">
                      {c.label}
                      {sort.column === c.key ? (sort.direction === "asc" ? " ▲" : " ▼") : ""}
                    </Link>
                  ) : (
                    c.label
                  )}
                  {c.key && columnHelp[c.key] && <InfoTip label={c.label} content={columnHelp[c.key]} className="ml-1" />}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="[&>tr]:border-t [&>tr]:border-ink-200">
            {/* Each row hydrates apart, so a tap on the header before the page is live hydrates
                the page without its rows. A row stays under the 500 bytes above which React
                would stream it as a later segment. */}
            {models.map((m) => (
              <HydrateApart key={m.id}>
                <tr>
                  <td>
                    {/* eslint-disable-next-line @next/next/no-img-element */}
                    <img src={m.image_url ?? ""} alt="" width={80} height={60} loading="lazy" className="aspect-[4/3] w-20" />
                  </td>
                  <td className="font-semibold">{m.name}</td>
                  <td>{m.equipment_manufacturer?.name ?? "Other"}</td>
                  <td>{withBasis(m.operating_capacity, "", m.capacity_basis)}</td>
                  <td>{formatNumber(m.operating_weight)}</td>
                  <td>{withBasis(m.engine_power, "", m.power_basis)}</td>
                  <td>{m.lift_pattern ?? "N/A"}</td>
                  <td>{formatNumber(m.hydraulic_power_hp)}</td>
                  <td>{formatNumber(m.hydraulic_pressure_psi)}</td>
                  <td>{formatNumber(m.height)}</td>
                  <td>{formatNumber(m.width)}</td>
                  <td>{formatNumber(m.length)}</td>
                  <td>
                    <Link href={modelPath(m)} className="card-link">
                      View Details
                    </Link>
                  </td>
                </tr>
              </HydrateApart>
            ))}
          </tbody>
        </table>
      </NoContextMenu>
    </>
  );
}
