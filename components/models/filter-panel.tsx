"use client";
import * as Dialog from "@radix-ui/react-dialog";
import { SlidersHorizontal, X } from "lucide-react";
import { useState, type ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { FilterForm } from "./filter-form";

type Props = Omit<ComponentProps<typeof FilterForm>, "idPrefix">;

/** Filters: a side drawer on mobile, a toggled panel on desktop. */
export function FilterPanel(props: Props) {
  const [desktopOpen, setDesktopOpen] = useState(true);
  const form = props.filters.manufacturers.join() + props.filters.liftPatterns.join() + props.filters.capacityMin + props.filters.capacityMax + props.filters.powerMin + props.filters.powerMax;
  return (
    <>
      <div className="md:hidden">
        <Dialog.Root>
          <Dialog.Trigger asChild>
            <Button variant="outline"><SlidersHorizontal aria-hidden="true" className="h-4 w-4" />Filters</Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
            <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-[22rem] max-w-[90vw] overflow-y-auto bg-white p-5 shadow-xl" aria-describedby={undefined}>
              <div className="mb-4 flex items-center justify-between">
                <Dialog.Title className="text-lg font-bold">Filters</Dialog.Title>
                <Dialog.Close className="inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-ink-100" aria-label="Close filters"><X aria-hidden="true" /></Dialog.Close>
              </div>
              <FilterForm key={form} idPrefix="drawer" {...props} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
      <div className="max-md:hidden">
        <Button variant="outline" aria-expanded={desktopOpen} aria-controls="desktop-filters" onClick={() => setDesktopOpen((o) => !o)}>
          <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />{desktopOpen ? "Hide Filters" : "Show Filters"}
        </Button>
        {desktopOpen && (
          <div id="desktop-filters" className="mt-4 rounded-[var(--radius-card)] border border-ink-200 p-5">
            <FilterForm key={form} idPrefix="panel" {...props} />
          </div>
        )}
      </div>
    </>
  );
}
