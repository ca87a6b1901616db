"use client";
import type { ComponentProps } from "react";
import { AfterFirstPaint } from "@/components/ui/after-first-paint";
import { Sheet } from "@/components/ui/sheet";
import { FilterForm } from "./filter-form";
import { filtersLoading } from "./filters-loading";

type Props = Omit<ComponentProps<typeof FilterForm>, "idPrefix"> & { open: boolean; onOpenChange: (open: boolean) => void };

/** The phone's filter drawer: it paints at once, and its form mounts in the frames after. */
export default function FilterSheet({ open, onOpenChange, ...props }: Props) {
  return (
    <Sheet title="Filters" closeLabel="Close filters" side="left" className="w-[22rem]" open={open} onOpenChange={onOpenChange}>
      <AfterFirstPaint fallback={filtersLoading}>
        <FilterForm idPrefix="drawer" {...props} />
      </AfterFirstPaint>
    </Sheet>
  );
}
