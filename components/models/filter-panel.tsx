"use client";
import { SlidersHorizontal } from "lucide-react";
import { useState, type ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { Sheet } from "@/components/ui/sheet";
import { FilterForm } from "./filter-form";

type Props = Omit<ComponentProps<typeof FilterForm>, "idPrefix">;

/** Filters: a side drawer on mobile, a toggled panel on desktop. */
export function FilterPanel(props: Props) {
  const [desktopOpen, setDesktopOpen] = useState(true);
  return (
    <>
      <div className="md:hidden">
        <Sheet title="Filters" closeLabel="Close filters" side="left" className="w-[22rem]" trigger={<Button variant="outline"><SlidersHorizontal aria-hidden="true" className="h-4 w-4" />Filters</Button>}>
          <FilterForm idPrefix="drawer" {...props} />
        </Sheet>
      </div>
      <div className="max-md:hidden">
        <Button variant="outline" aria-expanded={desktopOpen} aria-controls="desktop-filters" onClick={() => setDesktopOpen((o) => !o)}>
          <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />{desktopOpen ? "Hide Filters" : "Show Filters"}
        </Button>
        {desktopOpen && (
          <div id="desktop-filters" className="mt-4 rounded-[var(--radius-card)] border border-ink-200 p-5">
            <FilterForm idPrefix="panel" {...props} />
          </div>
        )}
      </div>
    </>
  );
}
