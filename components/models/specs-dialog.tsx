"use client";
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";

/** One model's figures in a dialog, opened from its card's Read More. */
export default function SpecsDialog({
  title,
  labels,
  values,
  onOpenChange,
}: {
  title: string;
  labels: string[];
  values: string[];
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 max-h-[85vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-[var(--radius-card)] bg-white p-6 shadow-2xl"
          aria-describedby={undefined}
        >
          <Dialog.Title className="pr-10 text-xl font-bold">{title}</Dialog.Title>
          <Dialog.Close
            className="absolute right-3 top-3 inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-ink-100"
            aria-label="Close"
          >
            <X aria-hidden="true" />
          </Dialog.Close>
          <dl className="mt-4 divide-y divide-ink-200">
            {labels.map((label, index) => (
              <div key={label} className="flex justify-between gap-4 py-2">
                <dt className="text-ink-700">{label}</dt>
                <dd className="text-right font-semibold">{values[index]}</dd>
              </div>
            ))}
          </dl>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
