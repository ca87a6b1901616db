import type { Metadata } from "next";
import { ModelImage } from "@/components/models/model-image";
import { ModelSpecsDialog } from "@/components/models/model-specs-dialog";
import { getPopularModels } from "@/lib/data/models";
import { formatNumber, splitFieldName } from "@/lib/models/catalogue";
import type { PopularModel } from "@/lib/models/types";
import { pageMetadata } from "@/lib/seo";

export const revalidate = 300;

export const metadata: Metadata = pageMetadata({
  title: "Popular Skid Steer Models",
  description: "Popular skid steer and compact track loader models with operating capacity, length and full specifications.",
  path: "/models",
});

const CARD_FIELDS = ["Model", "Manufacturer", "Image URL", "Operating Capacity (lbs)", "Length w/Bucket (in)", "id"];

export default async function PopularModelsPage() {
  let models: PopularModel[];
  try {
    models = await getPopularModels();
  } catch {
    return <p role="alert" className="py-10 text-center text-danger-600">Error loading models</p>;
  }
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight">Popular Skid Steer Models</h1>
      {models.length === 0 ? <p className="mt-6">No models found</p> : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {models.map((m) => {
            const other = Object.entries(m).filter(([key]) => !CARD_FIELDS.includes(key)).map(([key, value]) => ({ label: splitFieldName(key), value: value === null ? "N/A" : String(value) }));
            const title = `${m.Manufacturer} ${m.Model}`;
            return (
              <li key={String(m.id)} className="flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-ink-200">
                <ModelImage model={{ name: String(m.Model), image_url: m["Image URL"] as string | null, sticker: null, equipment_manufacturer: { id: 0, name: String(m.Manufacturer), slug: "", site: null } }} />
                <div className="flex flex-1 flex-col gap-1 p-4">
                  <h2 className="text-lg font-bold">{m.Model}</h2>
                  <p className="text-sm text-ink-700">{m.Manufacturer}</p>
                  <p className="text-sm">Operating Capacity: <strong>{formatNumber(m["Operating Capacity (lbs)"] as number | null, "lbs")}</strong></p>
                  <p className="text-sm">Length: <strong>{formatNumber(m["Length w/Bucket (in)"] as number | null, "in")}</strong></p>
                  <div className="mt-auto pt-2"><ModelSpecsDialog title={title} fields={other} /></div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
