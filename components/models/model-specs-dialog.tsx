"use client";
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useRef, useState, type MouseEvent, type ReactNode } from "react";
import { SPECS_KEY_ATTRIBUTE, type ModelSpecs } from "@/lib/models/popular";

/**
 * The list of model cards, and the dialog that a Read More button inside it opens. The
 * buttons are plain server-rendered HTML and one listener here serves them all, so a page
 * of cards hydrates one component rather than one per card.
 */
export function ModelSpecsList({ specs, className, children }: { specs: ModelSpecs; className?: string; children: ReactNode }) {
  const [openKey, setOpenKey] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>(`[${SPECS_KEY_ATTRIBUTE}]`);
    const key = button?.getAttribute(SPECS_KEY_ATTRIBUTE);
    if (!button || !key || !specs.models[key]) return;
    opener.current = button;
    setOpenKey(key);
  };
  // The dialog unmounts as it closes, so focus is handed back to its Read More here.
  const onOpenChange = (open: boolean) => {
    if (open) return;
    setOpenKey(null);
    requestAnimationFrame(() => opener.current?.focus());
  };
  const model = openKey ? specs.models[openKey] : null;
  return (
    <>
      <ul className={className} onClick={onClick}>{children}</ul>
      {model && (
        <Dialog.Root open onOpenChange={onOpenChange}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
            <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[85vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-[var(--radius-card)] bg-white p-6 shadow-2xl" aria-describedby={undefined}>
              <Dialog.Title className="pr-10 text-xl font-bold">{model.title}</Dialog.Title>
              <Dialog.Close className="absolute right-3 top-3 inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-ink-100" aria-label="Close"><X aria-hidden="true" /></Dialog.Close>
              <dl className="mt-4 divide-y divide-ink-200">
                {specs.labels.map((label, index) => (
                  <div key={label} className="flex justify-between gap-4 py-2">
                    <dt className="text-ink-700">{label}</dt>
                    <dd className="text-right font-semibold">{model.values[index]}</dd>
                  </div>
                ))}
              </dl>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
    </>
  );
}
