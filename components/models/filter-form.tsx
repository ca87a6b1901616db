"use client";
import * as Slider from "@radix-ui/react-slider";
import { useRouter } from "next/navigation";
import { memo, useCallback, useDeferredValue, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
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
 * A function whose identity never changes and that always calls the latest `fn`: the form's
 * parts are memoized, and a keystroke in one range then re-renders that range alone.
 */
function useStable<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/**
 * One range: two number inputs (the form's fields, so it works without JavaScript) and
 * one two-thumb slider kept in step with them. Typing applies after a pause or on Enter;
 * the slider applies when a thumb is let go (mouse, touch or keyboard).
 */
const RangeFilter = memo(function RangeFilter({
  idPrefix,
  label,
  unit,
  names,
  value,
  sliderValue,
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
  /** What the slider shows: while a number is typed, the value a frame behind (see FilterForm). */
  sliderValue: Range;
  onType: (value: Range) => void;
  onTyping: (typing: boolean) => void;
  onSlide: (value: Range) => void;
  onCommit: (value: Range) => void;
  step: number;
  limit: number;
  help?: string;
}) {
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
      <RangeSlider
        label={label}
        low={Number(sliderValue[0]) || 0}
        high={sliderValue[1] === "" ? limit : Math.min(Number(sliderValue[1]) || 0, limit)}
        onSlide={onSlide}
        onCommit={onCommit}
        step={step}
        limit={limit}
      />
    </fieldset>
  );
});

/** The range's two-thumb slider; it re-renders only when its own numbers change. */
const RangeSlider = memo(function RangeSlider({
  label,
  low,
  high,
  onSlide,
  onCommit,
  step,
  limit,
}: {
  label: string;
  low: number;
  high: number;
  onSlide: (value: Range) => void;
  onCommit: (value: Range) => void;
  step: number;
  limit: number;
}) {
  return (
    <Slider.Root
      className="relative mt-4 flex h-6 touch-none select-none items-center"
      min={0}
      max={limit}
      step={step}
      minStepsBetweenThumbs={0}
      value={[low, high]}
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
  );
});

const CheckboxGroup = memo(function CheckboxGroup({
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
});

const asText = (value: number) => String(value);
const CAPACITY_NAMES: [string, string] = ["capMin", "capMax"];
const POWER_NAMES: [string, string] = ["hpMin", "hpMax"];
const LIFT_LEGEND = (
  <>
    Lift Pattern <InfoTip label="Lift Pattern" content={glossary.liftPattern} />
  </>
);

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

  // The parts' handlers keep their identity, so a change re-renders only the part it changes.
  const onToggleMfr = useStable((checked: string[]) => {
    setMfr(checked);
    apply({ mfr: checked });
  });
  const onToggleLift = useStable((checked: string[]) => {
    setLift(checked);
    apply({ lift: checked });
  });
  const onTypeCapacity = useStable((value: Range) => typed("capacity", value));
  const onTypePower = useStable((value: Range) => typed("power", value));
  const onTypingCapacity = useStable((on: boolean) => setTypingIn(on ? "capacity" : null));
  const onTypingPower = useStable((on: boolean) => setTypingIn(on ? "power" : null));
  const onCommitCapacity = useStable((value: Range) => apply({ capacity: value }));
  const onCommitPower = useStable((value: Range) => apply({ power: value }));
  // A typed character shows in its field within the keystroke's frame; the slider, whose thumbs
  // and hidden inputs cost more to update, follows in the frame after. A slider moved by its own
  // thumbs shows its value at once.
  const deferredCapacity = useDeferredValue(capacity);
  const deferredPower = useDeferredValue(power);

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
        onToggle={onToggleMfr}
      />
      <RangeFilter
        idPrefix={idPrefix}
        label="Operating Capacity"
        unit="lbs"
        names={CAPACITY_NAMES}
        value={capacity}
        sliderValue={typingIn === "capacity" ? deferredCapacity : capacity}
        onType={onTypeCapacity}
        onTyping={onTypingCapacity}
        onSlide={setCapacity}
        onCommit={onCommitCapacity}
        step={CAPACITY_STEP}
        limit={maxima.capacity}
        help={glossary.operatingCapacity}
      />
      <RangeFilter
        idPrefix={idPrefix}
        label="Engine Power"
        unit="HP"
        names={POWER_NAMES}
        value={power}
        sliderValue={typingIn === "power" ? deferredPower : power}
        onType={onTypePower}
        onTyping={onTypingPower}
        onSlide={setPower}
        onCommit={onCommitPower}
        step={POWER_STEP}
        limit={maxima.power}
      />
      <CheckboxGroup
        legend={LIFT_LEGEND}
        name="lift"
        options={liftPatterns}
        checked={lift}
        className="mt-5"
        layout="flex gap-4"
        onToggle={onToggleLift}
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
