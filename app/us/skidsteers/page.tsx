import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { JsonLd } from "@/components/json-ld";
import { modelList } from "@/lib/json-ld/builders";
import { FilterPanel } from "@/components/models/filter-panel";
import { ModelCard } from "@/components/models/model-card";
import { ModelTable } from "@/components/models/model-table";
import { HydrateApart } from "@/components/ui/hydrate-apart";
import { ShowMore } from "@/components/show-more";
import { getEquipmentList } from "@/lib/models/data";
import { filterModels, shuffle, sliderMaxima, sortModels, type ModelFilters } from "@/lib/models/catalogue";
import { catalogueCache } from "@/lib/models/url-state";
import { pageMetadata } from "@/lib/seo";
import { cn } from "@/lib/utils";

export const metadata: Metadata = pageMetadata({
  title: "Popular Skid Steer Models: Compare Specs",
  description:
    "Browse and filter skid steer and compact track loader models by manufacturer, operating capacity, engine power and lift pattern.",
  path: "/us/skidsteers",
});

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CataloguePage({ searchParams }: Props) {
  const raw = await searchParams;
  const params = catalogueCache.parse(raw);
  const query = new URLSearchParams(Object.entries(raw).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
  let models;
  try {
    models = await getEquipmentList();
  } catch {
    return (
      <p role="alert" className="py-10 text-center text-danger-600">
        Error loading equipment data
      </p>
    );
  }
  const maxima = sliderMaxima(models);
  const manufacturers = [...new Set(models.map((m) => m.equipment_manufacturer?.name ?? "Other"))].sort();
  const preselected = params.manufacturer
    ? models.find((m) => m.equipment_manufacturer?.slug === params.manufacturer)?.equipment_manufacturer?.name
    : undefined;
  const filters: ModelFilters = {
    manufacturers: [...new Set([...params.mfr, ...(preselected ? [preselected] : [])])],
    liftPatterns: params.lift,
    capacityMin: params.capMin ?? 0,
    capacityMax: params.capMax ?? maxima.capacity,
    powerMin: params.hpMin ?? 0,
    powerMax: params.hpMax ?? maxima.power,
  };
  const filtered = filterModels(models, filters);
  const shown = params.sort ? sortModels(filtered, params.sort, params.dir) : filtered;
  const recommended = shuffle(models.filter((m) => m.sticker)).slice(0, 3);
  // Switching view keeps every filter, the sort and the manufacturer.
  const viewHref = (view: string) => {
    const next = new URLSearchParams(query);
    next.set("view", view);
    return `/us/skidsteers?${next}`;
  };
  return (
    <>
      <JsonLd data={modelList(shown)} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight">Popular Skid Steer Models</h1>
        <Link href="/us/skidsteers/compare" className="font-semibold text-brand-700 hover:underline">
          Compare Skid Steers
        </Link>
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-2" role="group" aria-label="View">
        {(["grid", "table"] as const).map((view) => (
          <Link
            key={view}
            href={viewHref(view)}
            aria-current={params.view === view ? "page" : undefined}
            className={cn(
              "rounded-md border px-4 py-2 text-sm font-semibold",
              params.view === view ? "border-ink-900 bg-ink-900 text-white" : "border-ink-200 hover:bg-ink-50",
            )}
          >
            {view === "grid" ? "Grid View" : "Table View"}
          </Link>
        ))}
      </div>
      <div className="mt-4">
        <FilterPanel
          manufacturers={manufacturers}
          liftPatterns={["Radial", "Vertical"]}
          filters={filters}
          maxima={maxima}
          view={params.view}
        />
      </div>
      <p className="mt-4 text-sm text-ink-700" role="status" data-testid="result-count">
        {shown.length} of {models.length} models
      </p>
      {params.view === "table" ? (
        <ModelTable models={shown} sort={{ column: params.sort, direction: params.dir }} query={query} />
      ) : (
        <>
          <section className="mt-6" aria-labelledby="recommended-heading">
            <h2 id="recommended-heading" className="text-2xl font-bold">
              Recommended Skid Steer Models
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="recommended">
              {/* The recommended row opens the page: its drawings load first. */}
              <HydrateApart>
                {recommended.map((m) => (
                  <li key={m.id}>
                    <ModelCard model={m} priority />
                  </li>
                ))}
              </HydrateApart>
            </ul>
          </section>
          <section className="mt-10" aria-labelledby="all-heading">
            <h2 id="all-heading" className="text-2xl font-bold">
              All Models
            </h2>
            {shown.length === 0 ? (
              <p className="mt-3">No models match these filters.</p>
            ) : (
              <ShowMore
                initial={9}
                step={9}
                mobileInitial={3}
                mobileStep={3}
                className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
                itemClassName="model-card"
              >
                {shown.map((m) => (
                  <ModelCard key={m.id} model={m} />
                ))}
              </ShowMore>
            )}
          </section>
        </>
      )}
    </>
  );
}
