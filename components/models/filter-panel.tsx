"use client";
import { SlidersHorizontal } from "lucide-react";
import { lazy, Suspense, useEffect, useState, useTransition, type ComponentProps } from "react";
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

const loading = <p className="text-sm text-ink-600">Loading filters…</p>;

/** The phone's filters: a side drawer whose form mounts once the drawer has painted. */
function FilterDrawer(props: Props) {
  const [open, setOpen] = useState(false);
  // Mounting the drawer's dialog takes about 120 ms on a slow phone, so it opens as a
  // transition: the tap's frame paints at once, with the button shown pressed, and the drawer
  // follows. Its own state, so the tap re-renders the drawer alone, not the desktop panel.
  const [opening, startOpening] = useTransition();
  return (
    <Sheet
      title="Filters"
      closeLabel="Close filters"
      side="left"
      className="w-[22rem]"
      open={open}
      onOpenChange={(next) => (next ? startOpening(() => setOpen(true)) : setOpen(false))}
      trigger={
        <Button variant="outline" data-opening={opening || undefined} className="data-opening:bg-ink-100">
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
  );
}

/** Filters: a side drawer on mobile, a toggled panel on desktop. */
export function FilterPanel(props: Props) {
  const [desktopOpen, setDesktopOpen] = useState(true);
  useEffect(() => {
    // Below Tailwind's md breakpoint, where the drawer is the form's only place. (Safari has no requestIdleCallback.)
    if (!window.matchMedia("(max-width: 767px)").matches) return;
    if ("requestIdleCallback" in window) requestIdleCallback(() => void loadFilterForm());
    else setTimeout(() => void loadFilterForm(), 500);
  }, []);
  return (
    <>
      <div className="md:hidden">
        <FilterDrawer {...props} />
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
