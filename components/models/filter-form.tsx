"use client";
import { useRouter } from "next/navigation";
import { useRef, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { InfoTip } from "@/components/ui/tooltip";
import { CAPACITY_STEP, POWER_STEP, type ModelFilters } from "@/lib/models/catalogue";
import { glossary } from "@/lib/models/glossary";

interface FilterFormProps {
  idPrefix: string;
  manufacturers: string[];
  liftPatterns: string[];
  filters: ModelFilters;
  maxima: { capacity: number; power: number };
  view: string;
}

function RangeInputs({ idPrefix, label, unit, minName, maxName, min, max, step, limit, help }: {
  idPrefix: string; label: string; unit: string; minName: string; maxName: string; min: number; max: number; step: number; limit: number;
  help?: string;
}) {
  return (
    <fieldset className="mt-5">
      <legend className="font-semibold">{label}{help && <> <InfoTip label={label} content={help} /></>}</legend>
      <div className="mt-2 grid grid-cols-2 gap-3">
        {([["Min", minName, min], ["Max", maxName, max]] as const).map(([which, name, value]) => (
          <div key={name} className="flex flex-col gap-1">
            <label htmlFor={`${idPrefix}-${name}`} className="text-sm text-ink-700">{which} ({unit})</label>
            <input id={`${idPrefix}-${name}`} name={name} type="number" step="any" defaultValue={value} className="h-10 rounded-md border border-ink-200 px-2" />
            <input aria-label={`${label} ${which.toLowerCase()} slider`} type="range" min={0} max={limit} step={step} defaultValue={Math.min(value, limit)}
              onChange={(e) => {
                const input = document.getElementById(`${idPrefix}-${name}`) as HTMLInputElement;
                input.value = e.target.value;
                input.form?.requestSubmit();
              }}
              className="accent-brand-600" />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function CheckboxGroup({ legend, name, options, checked, className, layout }: {
  legend: ReactNode; name: string; options: string[]; checked: string[]; className?: string; layout: string;
}) {
  return (
    <fieldset className={className}>
      <legend className="font-semibold">{legend}</legend>
      <div className={`mt-2 ${layout}`}>
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={name} value={option} defaultChecked={checked.includes(option)} className="h-4 w-4 accent-brand-600" />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A GET form (works without JavaScript); with JavaScript every change applies at once. */
export function FilterForm({ idPrefix, manufacturers, liftPatterns, filters, maxima, view }: FilterFormProps) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  function apply(event?: FormEvent) {
    event?.preventDefault();
    const data = new FormData(formRef.current!);
    const params = new URLSearchParams();
    params.set("view", view);
    const mfr = data.getAll("mfr").map(String);
    const lift = data.getAll("lift").map(String);
    if (mfr.length) params.set("mfr", mfr.join(","));
    if (lift.length) params.set("lift", lift.join(","));
    for (const name of ["capMin", "capMax", "hpMin", "hpMax"]) {
      const value = String(data.get(name) ?? "");
      if (value !== "") params.set(name, value);
    }
    const current = new URLSearchParams(window.location.search);
    for (const keep of ["sort", "dir"]) if (current.get(keep)) params.set(keep, current.get(keep)!);
    router.replace(`/us/skidsteers?${params.toString()}`, { scroll: false });
  }
  return (
    <form ref={formRef} action="/us/skidsteers" method="get" onSubmit={apply} onChange={(e) => { if ((e.target as unknown as HTMLInputElement).type !== "range") apply(); }}>
      <input type="hidden" name="view" value={view} />
      <CheckboxGroup legend="Manufacturer" name="mfr" options={manufacturers} checked={filters.manufacturers} layout="grid grid-cols-2 gap-1" />
      <RangeInputs idPrefix={idPrefix} label="Operating Capacity" unit="lbs" minName="capMin" maxName="capMax" min={filters.capacityMin} max={filters.capacityMax} step={CAPACITY_STEP} limit={maxima.capacity} help={glossary.operatingCapacity} />
      <RangeInputs idPrefix={idPrefix} label="Engine Power" unit="HP" minName="hpMin" maxName="hpMax" min={filters.powerMin} max={filters.powerMax} step={POWER_STEP} limit={maxima.power} />
      <CheckboxGroup legend={<>Lift Pattern <InfoTip label="Lift Pattern" content={glossary.liftPattern} /></>} name="lift"
        options={liftPatterns} checked={filters.liftPatterns} className="mt-5" layout="flex gap-4" />
      <div className="mt-5 flex gap-2">
        <Button type="submit" size="sm">Apply Filters</Button>
        <Button type="button" size="sm" variant="outline" onClick={() => router.replace(`/us/skidsteers?view=${view}`, { scroll: false })}>Reset Filters</Button>
      </div>
    </form>
  );
}
