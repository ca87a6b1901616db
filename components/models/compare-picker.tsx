"use client";
import { Plus } from "lucide-react";
import { lazy, Suspense } from "react";
import { useOpenAfterPaint } from "@/components/ui/after-first-paint";
import { useFocusReturn } from "@/components/ui/focus-return";
import { Button } from "@/components/ui/button";
import type { PickerOption } from "@/lib/models/compare";

// The sheet and its list of models load with the first click, not with the page.
const ComparePickerSheet = lazy(() => import("./compare-picker-sheet"));

export function ComparePicker({ options, chosen }: { options: PickerOption[]; chosen: string[] }) {
  const { open, opening, openAfterPaint, setOpen } = useOpenAfterPaint();
  const { openerRef: button, returnFocus } = useFocusReturn<HTMLButtonElement>();
  const close = () => {
    setOpen(false);
    returnFocus();
  };
  return (
    <>
      <Button ref={button} aria-haspopup="dialog" data-opening={opening || undefined} onClick={openAfterPaint}>
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add Skid Steer To Compare
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ComparePickerSheet options={options} chosen={chosen} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
