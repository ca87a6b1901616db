"use client";
import { SlidersHorizontal } from "lucide-react";
import { lazy, Suspense, useState, type ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { HydrateInView } from "@/components/ui/hydrate-in-view";
import { Sheet } from "@/components/ui/sheet";
import type { FilterForm as FilterFormType } from "./filter-form";

// The form's code (sliders included) loads when it is needed: when the drawer opens on a
// phone, or when the desktop panel comes into view (its server-rendered HTML shows before).
const FilterForm = lazy(() => import("./filter-form").then((module) => ({ default: module.FilterForm })));

type Props = Omit<ComponentProps<typeof FilterFormType>, "idPrefix">;

/** Filters: a side drawer on mobile, a toggled panel on desktop. */
export function FilterPanel(props: Props) {
  const [desktopOpen, setDesktopOpen] = useState(true);
  return (
    <>
      <div className="md:hidden">
        <Sheet
          title="Filters"
          closeLabel="Close filters"
          side="left"
          className="w-[22rem]"
          trigger={
            <Button variant="outline">
              <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
              Filters
            </Button>
          }
        >
          <Suspense fallback={<p className="text-sm text-ink-600">Loading filters…</p>}>
            <FilterForm idPrefix="drawer" {...props} />
          </Suspense>
        </Sheet>
      </div>
      <div className="max-md:hidden">
        <Button variant="outline" aria-expanded={desktopOpen} aria-controls="desktop-filters" onClick={() => setDesktopOpen((o) => !o)}>
          <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
          {desktopOpen ? "Hide Filters" : "Show Filters"}
        </Button>
        {desktopOpen && (
          <HydrateInView className="mt-4 rounded-[var(--radius-card)] border border-ink-200 p-5">
            <div id="desktop-filters">
              <FilterForm idPrefix="panel" {...props} />
            </div>
          </HydrateInView>
        )}
      </div>
    </>
  );
}
