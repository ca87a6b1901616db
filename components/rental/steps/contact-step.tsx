"use client";
import * as Dialog from "@radix-ui/react-dialog";
import { lazy, Suspense } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { TrackedButton } from "@/components/analytics/tracked-button";
import { fieldAria, FormField, inputClass } from "@/components/ui/form-field";
import type { MachineClass } from "@/lib/prices/classes";
import { toIsoDay } from "@/lib/requests/dates";
import type { RentalFormValues, SkidSteerType } from "@/lib/requests/schema";
import type { Step } from "../lead-draft";

// The estimates load with the last step only, so the dialog's first steps do not carry them.
const RequestEstimates = lazy(() => import("../request-estimates"));

/**
 * Step 3: the renter's contact details and the job site, who will receive the request (with
 * each one's estimate), the consent sentence naming them, and the submit button. The hidden honeypot field is for bots only.
 */
export function ContactStep({
  form,
  vendor,
  preset,
  save,
  submitting,
  consent,
  onConsent,
}: {
  form: UseFormReturn<RentalFormValues>;
  vendor: { id: number; paused?: boolean } | undefined;
  preset: { type: SkidSteerType; machineClass: MachineClass } | undefined;
  save: (step: Step, change: Record<string, string | boolean>) => void;
  submitting: boolean;
  /** The consent sentence naming the vendors the request goes to; null until they are known. */
  consent: string | null;
  /** Takes the consent sentence and the ids of the vendors it names. */
  onConsent: (text: string | null, vendorIds?: number[]) => void;
}) {
  const [start, end, chosenType, jobZip, widen] = useWatch({
    control: form.control,
    name: ["rental_start_date", "rental_end_date", "skid_steer_type", "job_zip", "widen"],
  });
  const errors = form.formState.errors;
  const takesWiden = Boolean(vendor && !vendor.paused);
  // A complete request waits for the consent sentence naming its vendors before it can be sent.
  const awaitingConsent = Boolean(start && end && /^\d{5}$/.test(jobZip.trim())) && consent === null;
  return (
    <div>
      <Dialog.Title className="text-xl font-bold">Your contact details</Dialog.Title>
      <div className="mt-4 grid gap-4">
        <FormField id="rental-name" label="Name" error={errors.name?.message}>
          <input
            {...fieldAria("rental-name", errors.name?.message)}
            placeholder="Your name"
            autoComplete="name"
            className={inputClass}
            {...form.register("name", { onBlur: (e) => save(3, { name: e.target.value }) })}
          />
        </FormField>
        <FormField id="rental-phone" label="Phone Number" error={errors.phone?.message}>
          <input
            {...fieldAria("rental-phone", errors.phone?.message)}
            type="tel"
            placeholder="Your phone number"
            autoComplete="tel"
            className={inputClass}
            {...form.register("phone", { onBlur: (e) => save(3, { phone: e.target.value }) })}
          />
        </FormField>
        <FormField id="rental-zip" label="Job Site ZIP Code" error={errors.job_zip?.message}>
          <input
            {...fieldAria("rental-zip", errors.job_zip?.message)}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            placeholder="e.g. 77002"
            className={inputClass}
            {...form.register("job_zip", {
              onBlur: (e) => {
                if (/^\d{5}$/.test(e.target.value)) save(3, { job_zip: e.target.value });
              },
            })}
          />
        </FormField>
        <FormField id="rental-email" label="Email (optional)" error={errors.email?.message}>
          <input
            {...fieldAria("rental-email", errors.email?.message)}
            type="email"
            placeholder="We email you a copy with each vendor's phone"
            autoComplete="email"
            className={inputClass}
            {...form.register("email")}
          />
        </FormField>
        {takesWiden && (
          <label className="flex min-h-6 items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4"
              {...form.register("widen", { onChange: (e) => save(3, { widen: e.target.checked }) })}
            />
            Also send my request to up to 2 other nearby vendors
          </label>
        )}
        {start && end && (
          <Suspense fallback={null}>
            <RequestEstimates
              request={{
                vendorId: vendor?.id ?? null,
                widen: takesWiden && widen,
                skid_steer_type: chosenType,
                ...(preset && preset.type === chosenType ? { machine_class: preset.machineClass } : {}),
                rental_start_date: toIsoDay(start),
                rental_end_date: toIsoDay(end),
                job_zip: jobZip.trim(),
              }}
              onConsent={onConsent}
            />
          </Suspense>
        )}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="rental-website">Website</label>
          <input id="rental-website" tabIndex={-1} autoComplete="off" {...form.register("website")} />
        </div>
        {consent && (
          <p className="text-xs text-ink-700" data-testid="consent">
            {consent}
          </p>
        )}
        {/* Disabled from the first click on, so a double click sends one request. */}
        <TrackedButton
          type="submit"
          category="rental"
          label="Submit rental form"
          className="w-full"
          disabled={submitting || awaitingConsent}
        >
          Submit Request
        </TrackedButton>
      </div>
    </div>
  );
}
