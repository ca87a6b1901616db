"use client";
import { format } from "date-fns";
import { enUS } from "date-fns/locale";
import { CalendarDays } from "lucide-react";
import { useId, useRef, useState } from "react";
import { DayPicker, type Matcher } from "react-day-picker";
import "react-day-picker/style.css";
import { AfterFirstPaint } from "@/components/ui/after-first-paint";

interface DateFieldProps {
  label: string;
  value: Date | undefined;
  onChange: (day: Date | undefined) => void;
  disabled: Matcher;
}

/** A date button showing "Pick a date" until set; opens a calendar (week starts Sunday, en-US). */
export function DateField({ label, value, onChange, disabled }: DateFieldProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <button
        ref={button}
        type="button"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-expanded={open}
        aria-controls={`${id}-calendar`}
        onClick={() => setOpen((o) => !o)}
        className="flex h-11 items-center gap-2 rounded-md border border-ink-200 px-3 text-left hover:bg-ink-50"
      >
        <CalendarDays aria-hidden="true" className="h-4 w-4" />
        <span id={`${id}-value`} className={value ? "" : "text-ink-600"}>
          {value ? format(value, "PPP", { locale: enUS }) : "Pick a date"}
        </span>
      </button>
      {open && (
        <div
          id={`${id}-calendar`}
          className="min-h-[19rem] rounded-md border border-ink-200 p-2"
          // A day tapped does not take the focus from the day that has it: the calendar closes on
          // the tap, and each focus change re-renders the whole month (about 40 ms each on a slow
          // phone) inside it.
          onMouseDown={(event) => {
            if ((event.target as Element).closest(".rdp-day_button")) event.preventDefault();
          }}
        >
          {/* The box opens within the tap; the month's grid renders in the frames after. */}
          <AfterFirstPaint fallback={null}>
            <DayPicker
              mode="single"
              selected={value}
              onSelect={(day) => {
                // Focus goes back to the date's button before the calendar goes: otherwise the
                // dialog's focus scope, finding focus lost with the day, lays the page out again
                // to move it to the dialog.
                button.current?.focus({ preventScroll: true });
                onChange(day);
                setOpen(false);
              }}
              disabled={disabled}
              weekStartsOn={0}
              locale={enUS}
              defaultMonth={value}
              autoFocus
            />
          </AfterFirstPaint>
        </div>
      )}
    </div>
  );
}
