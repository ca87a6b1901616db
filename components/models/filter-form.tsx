"use client";
import * as Slider from "@radix-ui/react-slider";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { InfoTip } from "@/components/ui/tooltip";
import { afterNextPaint } from "@/components/ui/after-first-paint";
import { CAPACITY_STEP, POWER_STEP, type ModelFilters } from "@/lib/models/catalogue";
import { glossary } from "@/lib/models/glossary";

/** How long typing may pause before a number filter applies. */
const TYPING_PAUSE_MS = 600;

interface FilterFormProps {
  idPrefix: string;
  manufacturers: string[];
  liftPatterns: string[];
  filters: ModelFilters;
  maxima: { capacity: number; power: number };
  view: string;
}

type Range = [string, string];

/**
 * One range: two number inputs (the form's fields, so it works without JavaScript) and
 * one two-thumb slider kept in step with them. Typing applies after a pause or on Enter;
 * the slider applies when a thumb is let go (mouse, touch or keyboard).
 */
function RangeFilter({
  idPrefix,
  label,
  unit,
  names,
  value,
  onType,
  onTyping,
  onSlide,
  onCommit,
  step,
  limit,
  help,
}: {
  idPrefix: string;
  label: string;
  unit: string;
  names: [string, string];
  value: Range;
  onType: (value: Range) => void;
  onTyping: (typing: boolean) => void;
  onSlide: (value: Range) => void;
  onCommit: (value: Range) => void;
  step: number;
  limit: number;
  help?: string;
}) {
  const numbers: [number, number] = [Number(value[0]) || 0, value[1] === "" ? limit : Math.min(Number(value[1]) || 0, limit)];
  return (
    <fieldset className="mt-5">
      <legend className="font-semibold">
        {label}
        {help && (
          <>
            {" "}
            <InfoTip label={label} content={help} />
          </>
        )}
      </legend>
      <div className="mt-2 grid grid-cols-2 gap-3">
        {(["Min", "Max"] as const).map((which, i) => (
          <div key={which} className="flex flex-col gap-1">
            <label htmlFor={`${idPrefix}-${names[i]}`} className="text-sm text-ink-700">
              {which} ({unit})
            </label>
            <input
              id={`${idPrefix}-${names[i]}`}
              name={names[i]}
              type="number"
              step="any"
              inputMode="numeric"
              value={value[i]}
              onChange={(e) => onType(i === 0 ? [e.target.value, value[1]] : [value[0], e.target.value])}
              onFocus={() => onTyping(true)}
              onBlur={() => onTyping(false)}
              className="h-10 rounded-md border border-ink-200 px-2"
            />
          </div>
        ))}
      </div>
      <Slider.Root
        className="relative mt-4 flex h-6 touch-none select-none items-center"
        min={0}
        max={limit}
        step={step}
        minStepsBetweenThumbs={0}
        value={numbers}
        onValueChange={(v) => onSlide([String(v[0]), String(v[1])])}
        onValueCommit={(v) => onCommit([String(v[0]), String(v[1])])}
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-ink-200">
          <Slider.Range className="absolute h-full rounded-full bg-brand-500" />
        </Slider.Track>
        {(["minimum", "maximum"] as const).map((which) => (
          <Slider.Thumb
            key={which}
            aria-label={`${label} ${which}`}
            className="block h-5 w-5 rounded-full border-2 border-brand-700 bg-white shadow focus-visible:outline-3 focus-visible:outline-brand-600"
          />
        ))}
      </Slider.Root>
    </fieldset>
  );
}

function CheckboxGroup({
  legend,
  name,
  options,
  checked,
  onToggle,
  className,
  layout,
}: {
  legend: ReactNode;
  name: string;
  options: string[];
  checked: string[];
  onToggle: (checked: string[]) => void;
  className?: string;
  layout: string;
}) {
  return (
    <fieldset className={className}>
      <legend className="font-semibold">{legend}</legend>
      <div className={`mt-2 ${layout}`}>
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={option}
              checked={checked.includes(option)}
              className="h-4 w-4 accent-brand-600"
              onChange={(e) => onToggle(e.target.checked ? [...checked, option] : checked.filter((c) => c !== option))}
            />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const asText = (value: number) => String(value);

/**
 * A GET form (works without JavaScript). With JavaScript the URL stays the source of
 * truth: a checkbox applies at once, a number after a typing pause or Enter, a slider
 * when let go; the sort and view are kept.
 */
export function FilterForm({ idPrefix, manufacturers, liftPatterns, filters, maxima, view }: FilterFormProps) {
  const router = useRouter();
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [capacity, setCapacity] = useState<Range>([asText(filters.capacityMin), asText(filters.capacityMax)]);
  const [power, setPower] = useState<Range>([asText(filters.powerMin), asText(filters.powerMax)]);
  const [mfr, setMfr] = useState(filters.manufacturers);
  const [lift, setLift] = useState(filters.liftPatterns);

  // When the URL changes under the form (an applied filter, Reset, back and forward),
  // show what it says; the form is never rebuilt, so focus stays where it is.
  const fromUrl = JSON.stringify(filters);
  // A range being typed into keeps its characters: its own pending value applies next.
  const [shown, setShown] = useState(fromUrl);
  const [typingIn, setTypingIn] = useState<"capacity" | "power" | null>(null);
  if (shown !== fromUrl) {
    setShown(fromUrl);
    if (typingIn !== "capacity") setCapacity([asText(filters.capacityMin), asText(filters.capacityMax)]);
    if (typingIn !== "power") setPower([asText(filters.powerMin), asText(filters.powerMax)]);
    setMfr(filters.manufacturers);
    setLift(filters.liftPatterns);
  }
  useEffect(() => () => clearTimeout(typing.current), []);

  function apply(changed: { capacity?: Range; power?: Range; mfr?: string[]; lift?: string[] } = {}) {
    clearTimeout(typing.current);
    const params = new URLSearchParams();
    params.set("view", view);
    const manufacturersNow = changed.mfr ?? mfr;
    const liftNow = changed.lift ?? lift;
    if (manufacturersNow.length) params.set("mfr", manufacturersNow.join(","));
    if (liftNow.length) params.set("lift", liftNow.join(","));
    const [capMin, capMax] = changed.capacity ?? capacity;
    const [hpMin, hpMax] = changed.power ?? power;
    for (const [name, value] of [
      ["capMin", capMin],
      ["capMax", capMax],
      ["hpMin", hpMin],
      ["hpMax", hpMax],
    ]) {
      if (value.trim() !== "" && Number.isFinite(Number(value))) params.set(name, value.trim());
    }
    const current = new URLSearchParams(window.location.search);
    for (const keep of ["sort", "dir"]) if (current.get(keep)) params.set(keep, current.get(keep)!);
    afterNextPaint(() => router.replace(`/us/skidsteers?${params.toString()}`, { scroll: false }));
  }

  function typed(kind: "capacity" | "power", value: Range) {
    (kind === "capacity" ? setCapacity : setPower)(value);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => apply({ [kind]: value }), TYPING_PAUSE_MS);
  }

  return (
    <form
      action="/us/skidsteers"
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <input type="hidden" name="view" value={view} />
      <CheckboxGroup
        legend="Manufacturer"
        name="mfr"
        options={manufacturers}
        checked={mfr}
        layout="grid grid-cols-2 gap-1"
        onToggle={(checked) => {
          setMfr(checked);
          apply({ mfr: checked });
        }}
      />
      <RangeFilter
        idPrefix={idPrefix}
        label="Operating Capacity"
        unit="lbs"
        names={["capMin", "capMax"]}
        value={capacity}
        onType={(value) => typed("capacity", value)}
        onTyping={(on) => setTypingIn(on ? "capacity" : null)}
        onSlide={setCapacity}
        onCommit={(value) => apply({ capacity: value })}
        step={CAPACITY_STEP}
        limit={maxima.capacity}
        help={glossary.operatingCapacity}
      />
      <RangeFilter
        idPrefix={idPrefix}
        label="Engine Power"
        unit="HP"
        names={["hpMin", "hpMax"]}
        value={power}
        onType={(value) => typed("power", value)}
        onTyping={(on) => setTypingIn(on ? "power" : null)}
        onSlide={setPower}
        onCommit={(value) => apply({ power: value })}
        step={POWER_STEP}
        limit={maxima.power}
      />
      <CheckboxGroup
        legend={
          <>
            Lift Pattern <InfoTip label="Lift Pattern" content={glossary.liftPattern} />
          </>
        }
        name="lift"
        options={liftPatterns}
        checked={lift}
        className="mt-5"
        layout="flex gap-4"
        onToggle={(checked) => {
          setLift(checked);
          apply({ lift: checked });
        }}
      />
      <div className="mt-5 flex gap-2">
        <Button type="submit" size="sm">
          Apply Filters
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => router.replace(`/us/skidsteers?view=${view}`, { scroll: false })}>
          Reset Filters
        </Button>
      </div>
    </form>
  );
}
