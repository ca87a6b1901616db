"use client";
import { lazy, Suspense, useState, type MouseEvent, type ReactNode } from "react";
import { useFocusReturn } from "@/components/ui/focus-return";
import { SPECS_KEY_ATTRIBUTE, type ModelSpecs } from "@/lib/models/popular";

// The dialog's code loads with the first Read More, not with the page.
const SpecsDialog = lazy(() => import("./specs-dialog"));

/**
 * The list of model cards, and the dialog that a Read More button inside it opens. The
 * buttons are plain server-rendered HTML and one listener here serves them all, so a page
 * of cards hydrates one component rather than one per card.
 */
export function ModelSpecsList({ specs, className, children }: { specs: ModelSpecs; className?: string; children: ReactNode }) {
  const [openKey, setOpenKey] = useState<string | null>(null);
  const { openerRef, returnFocus } = useFocusReturn();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>(`[${SPECS_KEY_ATTRIBUTE}]`);
    const key = button?.getAttribute(SPECS_KEY_ATTRIBUTE);
    if (!button || !key || !specs.models[key]) return;
    openerRef.current = button;
    setOpenKey(key);
  };
  const onOpenChange = (open: boolean) => {
    if (open) return;
    setOpenKey(null);
    returnFocus();
  };
  const model = openKey ? specs.models[openKey] : null;
  return (
    <>
      <ul className={className} onClick={onClick}>
        {children}
      </ul>
      {model && (
        <Suspense fallback={null}>
          <SpecsDialog title={model.title} labels={specs.labels} values={model.values} onOpenChange={onOpenChange} />
        </Suspense>
      )}
    </>
  );
}
