"use client";
import { SlidersHorizontal } from "lucide-react";
import { lazy, Suspense, useEffect, useState, useTransition, type ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { useFocusReturn } from "@/components/ui/focus-return";
import { HydrateInView } from "@/components/ui/hydrate-in-view";
import type { FilterForm as FilterFormType } from "./filter-form";

// The form's code (sliders included) and the phone's drawer are not part of the page's first
// load: a phone fetches them when the browser is idle, and the desktop panel when it comes into
// view (its server-rendered HTML shows before).
const loadFilterForm = () => import("./filter-form");
const FilterForm = lazy(() => loadFilterForm().then((module) => ({ default: module.FilterForm })));
const loadFilterSheet = () => import("./filter-sheet");
const FilterSheet = lazy(loadFilterSheet);

type Props = Omit<ComponentProps<typeof FilterFormType>, "idPrefix">;

/**
 * The phone's filters: a button, and the side drawer it opens. The drawer's dialog is not on
 * the page until the first tap: a tap that lands before the page is live then hydrates a
 * button, not a dialog.
 */
function FilterDrawer(props: Props) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const { openerRef: button, returnFocus } = useFocusReturn<HTMLButtonElement>();
  // Mounting the drawer's dialog takes about 120 ms on a slow phone, so it opens as a
  // transition: the tap's frame paints at once, with the button shown pressed, and the drawer
  // follows (once its code has arrived, if the tap came first). Its own state, so the tap
  // re-renders the drawer alone, not the desktop panel.
  const [opening, startOpening] = useTransition();
  const onOpenChange = (next: boolean) => {
    if (next) return;
    setOpen(false);
    returnFocus();
  };
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-opening={opening || undefined}
        onClick={() =>
          startOpening(() => {
            setOpened(true);
            setOpen(true);
          })
        }
      >
        <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
        Filters
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <FilterSheet open={open} onOpenChange={onOpenChange} {...props} />
        </Suspense>
      )}
    </>
  );
}

/** Filters: a side drawer on mobile, a toggled panel on desktop. */
export function FilterPanel(props: Props) {
  const [desktopOpen, setDesktopOpen] = useState(true);
  useEffect(() => {
    // Below Tailwind's md breakpoint, where the drawer is the form's only place. (Safari has no requestIdleCallback.)
    if (!window.matchMedia("(max-width: 767px)").matches) return;
    const load = () => void Promise.all([loadFilterForm(), loadFilterSheet()]);
    if ("requestIdleCallback" in window) requestIdleCallback(load);
    else setTimeout(load, 500);
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
