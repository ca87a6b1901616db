"use client";
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * Read More and the dialog listing a model's other fields. The dialog is only mounted
 * while open: a page of cards then hydrates buttons, not a dialog per card.
 */
export function ModelSpecsDialog({ title, fields }: { title: string; fields: Array<{ label: string; value: string }> }) {
  const [open, setOpen] = useState(false);
  const readMore = useRef<HTMLButtonElement>(null);
  // The dialog unmounts as it closes, so focus is handed back to Read More here.
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) requestAnimationFrame(() => readMore.current?.focus());
  };
  return (
    <>
      <Button ref={readMore} variant="outline" size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>Read More<span className="sr-only"> about {title}</span></Button>
      {open && (
        <Dialog.Root open onOpenChange={onOpenChange}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
            <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[85vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-[var(--radius-card)] bg-white p-6 shadow-2xl" aria-describedby={undefined}>
              <Dialog.Title className="pr-10 text-xl font-bold">{title}</Dialog.Title>
              <Dialog.Close className="absolute right-3 top-3 inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-ink-100" aria-label="Close"><X aria-hidden="true" /></Dialog.Close>
              <dl className="mt-4 divide-y divide-ink-200">
                {fields.map((f) => (
                  <div key={f.label} className="flex justify-between gap-4 py-2">
                    <dt className="text-ink-700">{f.label}</dt>
                    <dd className="text-right font-semibold">{f.value}</dd>
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
