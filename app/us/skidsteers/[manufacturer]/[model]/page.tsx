import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound, permanentRedirect } from "next/navigation";
import { JsonLd } from "@/components/json-ld";
import { modelProduct } from "@/lib/json-ld/builders";
import { ModelImage } from "@/components/models/model-image";
import { NoContextMenu } from "@/components/models/no-context-menu";
import { RequestButton } from "@/components/rental/request-button";
import { InfoTip } from "@/components/ui/tooltip";
import { getEquipment } from "@/lib/models/data";
import { formatNumber, modelPath } from "@/lib/models/catalogue";
import { glossary } from "@/lib/models/glossary";
import { describeSource } from "@/lib/models/sources";
import type { EquipmentModel } from "@/lib/models/types";
import { pageMetadata } from "@/lib/seo";

export const revalidate = 300;
export const generateStaticParams = async () => [];

type Params = { params: Promise<{ manufacturer: string; model: string }> };

const titleOf = (m: EquipmentModel) =>
  `Rent a ${m.equipment_manufacturer?.name ?? ""} ${m.name} ${m.equipment_type?.name ?? ""} Today`.replace(/\s+/g, " ");

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { model } = await params;
  const m = await getEquipment(model).catch(() => null);
  if (!m) return { title: "Equipment not found" };
  return pageMetadata({
    title: titleOf(m),
    description: `${m.equipment_manufacturer?.name} ${m.name} ${m.equipment_type?.name?.toLowerCase()}: ${formatNumber(m.operating_capacity, "lbs")} operating capacity, ${formatNumber(m.engine_power, "HP")}. Specs and local rental vendors.`,
    path: modelPath(m),
    image: `${modelPath(m)}/share.png`,
  });
}

export default async function ModelPage({ params }: Params) {
  const { manufacturer: manufacturerSlug, model } = await params;
  let m: EquipmentModel | null;
  try {
    m = await getEquipment(model);
  } catch {
    return (
      <p role="alert" className="py-10 text-center text-danger-600">
        Error loading equipment data
      </p>
    );
  }
  if (!m) notFound();
  // A model has one address: under any other manufacturer it moves to its own.
  if (manufacturerSlug !== (m.equipment_manufacturer?.slug ?? "other")) permanentRedirect(modelPath(m));
  const manufacturer = m.equipment_manufacturer;
  const dims = [m.height, m.width, m.length].every((figure) => figure === null)
    ? "N/A"
    : `${formatNumber(m.height)} x ${formatNumber(m.width)} x ${formatNumber(m.length)} in`;
  const capacity = formatNumber(m.operating_capacity, "lbs");
  const power = formatNumber(m.engine_power, "HP");
  const specs: Array<[string, string]> = [
    ["Equipment Type", m.equipment_type?.name ?? "N/A"],
    ["Operating Capacity", m.operating_capacity !== null && m.capacity_basis ? `${capacity} (at ${m.capacity_basis})` : capacity],
    ["Operating Weight", formatNumber(m.operating_weight, "lbs")],
    ["Engine Power", m.engine_power !== null && m.power_basis ? `${power} (${m.power_basis})` : power],
    ["Lift Pattern", m.lift_pattern ?? "N/A"],
    ["Hydraulic Pressure", formatNumber(m.hydraulic_pressure_psi, "PSI")],
    ["Dimensions (H x W x L)", dims],
  ];
  const sources = (m.sources ?? []).map(describeSource);
  const specHelp: Record<string, string> = { "Operating Capacity": glossary.operatingCapacity, "Lift Pattern": glossary.liftPattern };
  return (
    <NoContextMenu>
      <JsonLd data={modelProduct(m, specs)} />
      <Link href="/us/skidsteers" className="text-sm font-semibold text-brand-700 hover:underline">
        ← Back to All Models
      </Link>
      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight">{m.name}</h1>
          {manufacturer && (
            <Link
              href={`/us/skidsteers?manufacturer=${manufacturer.slug}`}
              className="mt-1 inline-block font-semibold text-brand-700 hover:underline"
            >
              {manufacturer.name}
            </Link>
          )}
          <div className="mt-4 overflow-hidden rounded-[var(--radius-card)] border border-ink-200">
            <ModelImage model={m} priority />
          </div>
        </div>
        <div className="min-w-0">
          <section aria-labelledby="specs-heading" className="rounded-[var(--radius-card)] border border-ink-200 p-5">
            <h2 id="specs-heading" className="text-xl font-bold">
              Main Specifications
            </h2>
            <dl className="mt-3 divide-y divide-ink-200">
              {specs.map(([name, value]) => (
                <div key={name} className="flex justify-between gap-4 py-2">
                  <dt className="text-ink-700">
                    {name}
                    {specHelp[name] && (
                      <>
                        {" "}
                        <InfoTip label={name} content={specHelp[name]} />
                      </>
                    )}
                  </dt>
                  <dd className="text-right font-semibold">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-sm text-ink-700" data-testid="figure-basis">
              {m.capacity_basis
                ? `Operating capacity is rated at ${m.capacity_basis}: a 35 % rating is a lower, more cautious figure than a 50 % rating for the same machine, so compare like with like. `
                : "The source does not say at what share of tipping load the capacity is rated. "}
              {m.power_basis
                ? `Engine power is ${m.power_basis} (${m.power_basis === "gross" ? "measured at the bare engine" : "measured with the fan and other accessories running, so lower than gross"}).`
                : "The source does not say whether engine power is gross or net."}
            </p>
            {sources.length > 0 && (
              <div className="mt-3 text-sm text-ink-700" data-testid="model-sources">
                <h3 className="font-semibold">Sources of these figures</h3>
                <ul className="mt-1 list-disc space-y-1 pl-5">
                  {sources.map((source) => (
                    <li key={source.label} className="wrap-anywhere">
                      {source.href ? (
                        <a href={source.href} target="_blank" rel="noopener noreferrer nofollow" className="underline">
                          {source.label}
                        </a>
                      ) : (
                        source.label
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </section>
          <section aria-labelledby="thoughts-heading" className="mt-6">
            <h2 id="thoughts-heading" className="text-xl font-bold">
              Our Thoughts
            </h2>
            <p className="mt-2 leading-7 text-ink-700">{m.description || "Watch this space - we are reviewing this Skid Steer"}</p>
          </section>
          <div className="mt-6 flex flex-wrap gap-3">
            <RequestButton label="Book a Skid Steer" />
            {m.site && (
              <a
                href={m.site}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex h-11 items-center rounded-md border border-ink-200 px-4 text-sm font-semibold hover:bg-ink-50"
              >
                Visit Manufacturer Website
              </a>
            )}
          </div>
        </div>
      </div>
    </NoContextMenu>
  );
}
