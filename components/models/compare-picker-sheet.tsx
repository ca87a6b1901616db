"use client";
import * as Accordion from "@radix-ui/react-accordion";
import { ChevronDown } from "lucide-react";
import { useRouter } from "next/navigation";
import { Sheet } from "@/components/ui/sheet";
import { afterNextPaint } from "@/components/ui/after-first-paint";
import { addToComparison, compareHref, groupForPicker, type PickerOption } from "@/lib/models/compare";

/** The models to add, by manufacturer, in a side sheet. */
export default function ComparePickerSheet({
  options,
  chosen,
  onClose,
}: {
  options: PickerOption[];
  chosen: string[];
  onClose: () => void;
}) {
  const router = useRouter();
  return (
    <Sheet title="Select Equipment to Compare" open onOpenChange={(open) => !open && onClose()} className="w-[24rem]">
      <Accordion.Root type="single" collapsible>
        {groupForPicker(options).map(([manufacturer, models]) => (
          <Accordion.Item key={manufacturer} value={manufacturer} className="border-b border-ink-200">
            <Accordion.Header>
              <Accordion.Trigger className="group flex w-full items-center justify-between py-3 font-semibold">
                {manufacturer}
                <ChevronDown aria-hidden="true" className="h-4 w-4 transition-transform group-data-[state=open]:rotate-180" />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="pb-3">
              <ul className="grid gap-1">
                {models.map((m) => (
                  <li key={m.slug}>
                    <button
                      type="button"
                      disabled={chosen.includes(m.slug)}
                      onClick={() => {
                        onClose();
                        afterNextPaint(() => router.push(compareHref(addToComparison(chosen, m.slug)), { scroll: false }));
                      }}
                      className="w-full rounded-md px-3 py-2 text-left hover:bg-ink-100 disabled:cursor-not-allowed disabled:opacity-50"
                    >
                      {m.name}
                    </button>
                  </li>
                ))}
              </ul>
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </Sheet>
  );
}
