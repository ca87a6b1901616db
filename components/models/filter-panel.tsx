"use client";
import { SlidersHorizontal } from "lucide-react";
import { lazy, Suspense, useEffect, useState, type ComponentProps } from "react";
import { AfterFirstPaint } from "@/components/ui/after-first-paint";
import { Button } from "@/components/ui/button";
import { HydrateInView } from "@/components/ui/hydrate-in-view";
import { Sheet } from "@/components/ui/sheet";
import type { FilterForm as FilterFormType } from "./filter-form";

// The form's code (sliders included) is not part of the page's first load: a phone fetches it
// when the browser is idle, and the desktop panel when it comes into view (its server-rendered
// HTML shows before).
const loadFilterForm = () => import("./filter-form");
const FilterForm = lazy(() => loadFilterForm().then((module) => ({ default: module.FilterForm })));

type Props = Omit<ComponentProps<typeof FilterFormType>, "idPrefix">;

/** Filters: a side drawer on mobile, a toggled panel on desktop. */
export function FilterPanel(props: Props) {
  const [desktopOpen, setDesktopOpen] = useState(true);
  useEffect(() => {
    // Below Tailwind's md breakpoint, where the drawer is the form's only place. (Safari has no requestIdleCallback.)
    if (!window.matchMedia("(max-width: 767px)").matches) return;
    if ("requestIdleCallback" in window) requestIdleCallback(() => void loadFilterForm());
    else setTimeout(() => void loadFilterForm(), 500);
  }, []);
  const loading = <p className="text-sm text-ink-600">Loading filters…</p>;
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
          {/* The drawer paints at once; its form mounts in the frames after the tap. */}
          <AfterFirstPaint fallback={loading}>
            <Suspense fallback={loading}>
              <FilterForm idPrefix="drawer" {...props} />
            </Suspense>
          </AfterFirstPaint>
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
