"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm, useWatch, type UseFormRegisterReturn } from "react-hook-form";
import { toast } from "sonner";
import { FeatureToaster } from "@/components/ui/toaster";
import { Button } from "@/components/ui/button";
import { citiesForState, submitBusiness } from "@/lib/actions/submit-business";
import { businessSchema, formatPhone, type BusinessValues } from "@/lib/submissions/schema";

const TOASTER = "submit";

const empty: BusinessValues = { name: "", website: "", phone: "", address: "", state: "", city: "", zipcode: "" };

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      {children}
      {error && <p id={`${id}-error`} className="text-sm text-danger-600">{error}</p>}
    </div>
  );
}

const inputClass = "h-11 rounded-md border border-ink-200 bg-white px-3 disabled:bg-ink-100";
const aria = (id: string, error?: string) => ({ id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined });

export function SubmitBusinessForm({ states }: { states: Array<{ slug: string; name: string }> }) {
  const form = useForm<BusinessValues>({ resolver: zodResolver(businessSchema), mode: "onSubmit", reValidateMode: "onChange", defaultValues: empty });
  const state = useWatch({ control: form.control, name: "state" });
  const [cities, setCities] = useState<Array<{ name: string; slug: string }>>([]);
  const errors = form.formState.errors;

  useEffect(() => {
    let current = true;
    if (state) citiesForState(state).then((list) => current && setCities(list), () => current && setCities([]));
    return () => { current = false; };
  }, [state]);

  async function onSubmit(values: BusinessValues) {
    const honeypot = (document.getElementById("company-fax") as HTMLInputElement | null)?.value || undefined;
    const result = await submitBusiness({ ...values, company_fax: honeypot }).catch(() => null);
    if (!result?.ok) {
      toast.error("Error", { description: result?.message ?? "There was a problem submitting your business. Please try again.", toasterId: TOASTER });
      return;
    }
    toast.success("Success!", { description: "Your business has been submitted successfully.", toasterId: TOASTER });
    form.reset(empty);
    setCities([]);
  }

  const phone: UseFormRegisterReturn = form.register("phone", { onChange: (e) => form.setValue("phone", formatPhone(e.target.value)) });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="mt-6 grid gap-4">
      <Field id="business-name" label="Business Name" error={errors.name?.message}>
        <input {...aria("business-name", errors.name?.message)} className={inputClass} autoComplete="organization" {...form.register("name")} />
      </Field>
      <Field id="business-website" label="Website" error={errors.website?.message}>
        <input {...aria("business-website", errors.website?.message)} className={inputClass} inputMode="url" placeholder="www.example.com" {...form.register("website")} />
      </Field>
      <Field id="business-phone" label="Phone" error={errors.phone?.message}>
        <input {...aria("business-phone", errors.phone?.message)} className={inputClass} type="tel" autoComplete="tel" {...phone} />
      </Field>
      <Field id="business-address" label="Address" error={errors.address?.message}>
        <input {...aria("business-address", errors.address?.message)} className={inputClass} autoComplete="street-address" {...form.register("address")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="business-state" label="State" error={errors.state?.message}>
          <select {...aria("business-state", errors.state?.message)} className={inputClass} {...form.register("state", { onChange: () => { form.setValue("city", ""); setCities([]); } })}>
            <option value="">Select a state</option>
            {states.map((s) => <option key={s.slug} value={s.slug}>{s.name}</option>)}
          </select>
        </Field>
        <Field id="business-city" label="City" error={errors.city?.message}>
          <select {...aria("business-city", errors.city?.message)} className={inputClass} disabled={!state} {...form.register("city")}>
            <option value="">{state ? "Select a city" : "Select a state first"}</option>
            {cities.map((c) => <option key={c.slug} value={c.slug}>{c.name}</option>)}
          </select>
        </Field>
        <Field id="business-zipcode" label="Zipcode" error={errors.zipcode?.message}>
          <input {...aria("business-zipcode", errors.zipcode?.message)} className={inputClass} inputMode="numeric" autoComplete="postal-code" {...form.register("zipcode")} />
        </Field>
      </div>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="company-fax">Fax</label>
        <input id="company-fax" tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>Submit Business</Button>
      <FeatureToaster id={TOASTER} />
    </form>
  );
}
