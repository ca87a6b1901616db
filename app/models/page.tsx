import type { Metadata } from "next";
import { ModelImage } from "@/components/models/model-image";
import { ModelSpecsList } from "@/components/models/model-specs-dialog";
import { HydrateInView } from "@/components/ui/hydrate-in-view";
import { getPopularModels } from "@/lib/models/data";
import { formatNumber } from "@/lib/models/catalogue";
import { popularModelSpecs, popularModelTitle, SPECS_KEY_ATTRIBUTE } from "@/lib/models/popular";
import type { PopularModel } from "@/lib/models/types";
import { pageMetadata } from "@/lib/seo";

export const revalidate = 300;

export const metadata: Metadata = pageMetadata({
  title: "Popular Skid Steer Models",
  description: "Popular skid steer and compact track loader models with operating capacity, length and full specifications.",
  path: "/models",
});

export default async function PopularModelsPage() {
  let models: PopularModel[];
  try {
    models = await getPopularModels();
  } catch {
    return (
      <p role="alert" className="py-10 text-center text-danger-600">
        Error loading models
      </p>
    );
  }
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight">Popular Skid Steer Models</h1>
      {models.length === 0 ? (
        <p className="mt-6">No models found</p>
      ) : (
        <ModelSpecsList specs={popularModelSpecs(models)} className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {models.map((m, index) => (
            <li key={String(m.id)} className="card card-lazy">
              {/* The first row's drawings open the page: they load first. */}
              <ModelImage
                priority={index < 3}
                model={{
                  name: String(m.Model),
                  image_url: m["Image URL"],
                  sticker: null,
                  equipment_manufacturer: { id: 0, name: String(m.Manufacturer), slug: "", site: null },
                }}
              />
              {/* Hydrated only once in view, each under the size React would stream separately: the
                  page's load hydrates the cards on screen, and a Read More tapped before then
                  hydrates its own card, not all of them. */}
              <HydrateInView className="flex flex-1 flex-col">
                <div className="card-body">
                  <h2 className="card-title">{m.Model}</h2>
                  <p className="card-muted">{m.Manufacturer}</p>
                  <p className="text-sm">
                    Operating Capacity: <strong>{formatNumber(m["Operating Capacity (lbs)"], "lbs")}</strong>
                  </p>
                  <p className="text-sm">
                    Length: <strong>{formatNumber(m["Length w/Bucket (in)"], "in")}</strong>
                  </p>
                  <button
                    type="button"
                    {...{ [SPECS_KEY_ATTRIBUTE]: String(m.id) }}
                    aria-haspopup="dialog"
                    className="card-link mt-auto self-start pt-2"
                  >
                    Read More<span className="sr-only"> about {popularModelTitle(m)}</span>
                  </button>
                </div>
              </HydrateInView>
            </li>
          ))}
        </ModelSpecsList>
      )}
    </>
  );
}
