"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm, useWatch, type UseFormRegisterReturn } from "react-hook-form";
import { afterNextPaint } from "@/components/ui/after-first-paint";
import { Button } from "@/components/ui/button";
import { fieldAria, FormField, inputClass } from "@/components/ui/form-field";
import { FeatureToaster, showToast } from "@/components/ui/toaster";
import { citiesForState, submitBusiness } from "@/lib/submissions/actions";
import { businessSchema, formatPhone, type BusinessValues } from "@/lib/submissions/schema";
import { isSubmissionRefusal, SUBMISSION_REFUSALS } from "@/lib/submissions/messages";

const TOASTER = "submit";
const FAILURE = "There was a problem submitting your business. Please try again.";

const empty: BusinessValues = { name: "", website: "", phone: "", email: "", address: "", state: "", city: "", zipcode: "" };
const isBusinessField = (field: string): field is keyof BusinessValues => Object.hasOwn(empty, field);

export function SubmitBusinessForm({ states }: { states: Array<{ slug: string; name: string }> }) {
  const form = useForm<BusinessValues>({
    resolver: zodResolver(businessSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: empty,
  });
  const state = useWatch({ control: form.control, name: "state" });
  const [cities, setCities] = useState<Array<{ name: string; slug: string }>>([]);
  const errors = form.formState.errors;

  useEffect(() => {
    let current = true;
    if (state)
      citiesForState(state).then(
        (result) => current && setCities(result.ok ? result.data : []),
        () => current && setCities([]),
      );
    return () => {
      current = false;
    };
  }, [state]);

  async function onSubmit(values: BusinessValues) {
    const result = await submitBusiness({ ...values, company_fax: values.company_fax || undefined }).catch(() => null);
    if (!result?.ok) {
      showToast(TOASTER, "error", "Error", { description: FAILURE });
      const refused = result && isSubmissionRefusal(result.refusal) ? SUBMISSION_REFUSALS[result.refusal] : null;
      for (const field of result?.fields ?? []) {
        if (refused) form.setError(isBusinessField(field) ? field : "root", { message: refused });
        else if (isBusinessField(field)) await form.trigger(field);
      }
      return;
    }
    showToast(TOASTER, "success", "Success!", { description: "Your business has been submitted successfully." });
    form.reset(empty);
    setCities([]);
  }

  const phone: UseFormRegisterReturn = form.register("phone", { onChange: (e) => form.setValue("phone", formatPhone(e.target.value)) });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // The tap's frame paints first; checking every field and showing the messages follow.
        afterNextPaint(() => void form.handleSubmit(onSubmit)());
      }}
      noValidate
      className="mt-6 grid gap-4"
    >
      <FormField id="business-name" label="Business Name" error={errors.name?.message}>
        <input
          {...fieldAria("business-name", errors.name?.message)}
          className={inputClass}
          autoComplete="organization"
          {...form.register("name")}
        />
      </FormField>
      <FormField id="business-website" label="Website" error={errors.website?.message}>
        <input
          {...fieldAria("business-website", errors.website?.message)}
          className={inputClass}
          inputMode="url"
          placeholder="www.example.com"
          {...form.register("website")}
        />
      </FormField>
      <FormField id="business-phone" label="Phone" error={errors.phone?.message}>
        <input {...fieldAria("business-phone", errors.phone?.message)} className={inputClass} type="tel" autoComplete="tel" {...phone} />
      </FormField>
      <FormField id="business-email" label="Email for rental requests (optional)" error={errors.email?.message}>
        <input
          {...fieldAria("business-email", errors.email?.message)}
          className={inputClass}
          type="email"
          autoComplete="email"
          placeholder="quotes@example.com"
          {...form.register("email")}
        />
      </FormField>
      <FormField id="business-address" label="Address" error={errors.address?.message}>
        <input
          {...fieldAria("business-address", errors.address?.message)}
          className={inputClass}
          autoComplete="street-address"
          {...form.register("address")}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="business-state" label="State" error={errors.state?.message}>
          <select
            {...fieldAria("business-state", errors.state?.message)}
            className={inputClass}
            {...form.register("state", {
              onChange: () => {
                form.setValue("city", "");
                setCities([]);
              },
            })}
          >
            <option value="">Select a state</option>
            {states.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="business-city" label="City" error={errors.city?.message}>
          <select {...fieldAria("business-city", errors.city?.message)} className={inputClass} disabled={!state} {...form.register("city")}>
            <option value="">{state ? "Select a city" : "Select a state first"}</option>
            {cities.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="business-zipcode" label="Zipcode" error={errors.zipcode?.message}>
          <input
            {...fieldAria("business-zipcode", errors.zipcode?.message)}
            className={inputClass}
            inputMode="numeric"
            autoComplete="postal-code"
            {...form.register("zipcode")}
          />
        </FormField>
      </div>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="company-fax">Fax</label>
        <input id="company-fax" tabIndex={-1} autoComplete="off" {...form.register("company_fax")} />
      </div>
      {errors.root && (
        <p role="alert" className="text-sm text-danger-600">
          {errors.root.message}
        </p>
      )}
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
        Submit Business
      </Button>
      <FeatureToaster id={TOASTER} />
    </form>
  );
}
