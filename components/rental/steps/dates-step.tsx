"use client";
import * as Dialog from "@radix-ui/react-dialog";
import { addDays } from "date-fns";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { afterNextPaint } from "@/components/ui/after-first-paint";
import { Button } from "@/components/ui/button";
import { isEndDayDisabled, isStartDayDisabled, toIsoDay } from "@/lib/requests/dates";
import type { RentalFormValues } from "@/lib/requests/schema";
import { DateField } from "../date-field";
import type { Step } from "../lead-draft";

/** Step 2: the dates. From a price page (`presetDays`), the end date follows the start at the length the row was priced for. */
export function DatesStep({
  form,
  presetDays,
  save,
  onContinue,
}: {
  form: UseFormReturn<RentalFormValues>;
  presetDays: number | null;
  save: (step: Step, change: Record<string, string | boolean>) => void;
  onContinue: () => void;
}) {
  const start = useWatch({ control: form.control, name: "rental_start_date" });
  const end = useWatch({ control: form.control, name: "rental_end_date" });
  const today = new Date();
  return (
    <div>
      <Dialog.Title className="text-xl font-bold">When do you need it?</Dialog.Title>
      {presetDays !== null && (
        <p className="mt-1 text-sm text-ink-600" data-testid="preset-length">
          Priced for {presetDays} day{presetDays === 1 ? "" : "s"}: pick your start date and the end date follows (you can change it).
        </p>
      )}
      <div className="mt-4 grid gap-4">
        <DateField
          label="Start Date"
          value={start}
          disabled={(day) => isStartDayDisabled(day, today)}
          onChange={(day) => {
            if (!day) return;
            form.setValue("rental_start_date", day);
            const presetEnd = presetDays !== null && addDays(day, presetDays);
            if (presetEnd && !isEndDayDisabled(presetEnd, day, today)) {
              form.setValue("rental_end_date", presetEnd);
              afterNextPaint(() => save(2, { rental_start_date: toIsoDay(day), rental_end_date: toIsoDay(presetEnd) }));
              return;
            }
            if (end && end <= day) form.resetField("rental_end_date");
            // The draft is saved once the tap's frame has painted (a server call takes a few ms to start).
            afterNextPaint(() => save(2, { rental_start_date: toIsoDay(day) }));
          }}
        />
        <DateField
          label="End Date"
          value={end}
          disabled={(day) => isEndDayDisabled(day, start, today)}
          onChange={(day) => {
            if (!day) return;
            form.setValue("rental_end_date", day);
            afterNextPaint(() => save(2, { rental_end_date: toIsoDay(day) }));
          }}
        />
        <Button disabled={!start || !end} onClick={onContinue}>
          Continue
        </Button>
      </div>
    </div>
  );
}
