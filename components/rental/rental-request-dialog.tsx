"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { addDays } from "date-fns";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { TrackedButton } from "@/components/analytics/tracked-button";
import { Button } from "@/components/ui/button";
import { fieldAria, FormField, inputClass } from "@/components/ui/form-field";
import { FeatureToaster, showToast } from "@/components/ui/toaster";
import { completeLead, startLead } from "@/lib/rental/actions";
import { RENTAL_REFUSALS } from "@/lib/rental/messages";
import type { MachineClass } from "@/lib/prices/classes";
import { isEndDayDisabled, isStartDayDisabled, toIsoDay } from "@/lib/rental/dates";
import { rentalFormSchema, type RentalFormValues, type SkidSteerType } from "@/lib/rental/schema";
import { DateField } from "./date-field";
import { LeadDraft, type Step } from "./lead-draft";
import { markRequestsMade } from "./requests-made";

const TOASTER = "rental";

// The estimates load with the last step only, so the dialog's first steps do not carry them.
const RequestEstimates = lazy(() => import("./request-estimates"));

interface RentalRequestDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vendor?: RentalVendor;
  preset?: RentalPreset;
}

/** The listing a request starts from; a paused one (not taking requests) sends it to the vendors near it instead. */
export type RentalVendor = { id: number; name: string; zip?: string | null; paused?: boolean };

/** What a price page's row was priced for: the dialog starts at the dates, and its estimate prices that class. */
export type RentalPreset = { type: SkidSteerType; machineClass: MachineClass; days: number };

const SUCCESS = "Thanks! The vendor will contact you shortly about your rental request.";
const FAILURE = "There was a problem submitting your request. Please try again.";
const START_FAILURE = "Could not start the request";

/** The browser's owner token, set as a cookie before the draft starts (lib/rental/owner.ts says why). Its failure is the draft's to report. */
const requestOwnerToken = () => fetch("/api/lead-owner", { method: "POST" }).catch(() => undefined);

/** The job site's ZIP as the page knows it: the vendor's, or the city page's hint. */
function pageZip(vendor?: RentalVendor): string {
  return vendor?.zip ?? document.querySelector("[data-job-zip]")?.getAttribute("data-job-zip") ?? "";
}

function recipientsLine(count: number, zip: string): string {
  if (count === 0) return `No vendor serves ZIP ${zip} yet: we have kept your request and will find one for you.`;
  return `Your request is going to ${count} vendor${count === 1 ? "" : "s"} serving ZIP ${zip}.`;
}

const typeOptions: Array<{ value: SkidSteerType; label: string }> = [
  { value: "wheeled", label: "Wheeled Skid Steer" },
  { value: "tracked", label: "Tracked Skid Steer" },
];

/** The line above each step: whom the request is for. */
function forWhom(vendor?: RentalVendor): string {
  if (!vendor) return "Rental request";
  return vendor.paused ? `Rental request to vendors near ${vendor.name}` : `Rental request for ${vendor.name}`;
}

export function RentalRequestDialog({ open, onOpenChange, vendor, preset }: RentalRequestDialogProps) {
  const firstStep: Step = preset ? 2 : 1;
  const defaults = { skid_steer_type: preset?.type ?? "wheeled", name: "", phone: "", job_zip: "", email: "", widen: false } as const;
  const [step, setStep] = useState<Step>(firstStep);
  const [leadId, setLeadId] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const creating = useRef(false);
  const [draft] = useState(() => new LeadDraft());
  const save = (step: Step, change: Record<string, string | boolean>) => draft.save(step, change);
  const today = new Date();
  const form = useForm<RentalFormValues>({
    resolver: zodResolver(rentalFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: defaults,
  });
  const start = useWatch({ control: form.control, name: "rental_start_date" });
  const end = useWatch({ control: form.control, name: "rental_end_date" });
  const chosenType = useWatch({ control: form.control, name: "skid_steer_type" });
  const jobZip = useWatch({ control: form.control, name: "job_zip" });
  const widen = useWatch({ control: form.control, name: "widen" });
  const [typePicked, setTypePicked] = useState(Boolean(preset));

  // Opening the dialog creates the draft lead once.
  useEffect(() => {
    if (!open || leadId !== null || creating.current) return;
    creating.current = true;
    setStartError(null);
    if (!form.getValues("job_zip")) form.setValue("job_zip", pageZip(vendor));
    if (preset) draft.save(2, { skid_steer_type: preset.type });
    requestOwnerToken()
      .then(() => startLead({ vendorId: vendor?.id ?? null }))
      .then(
        (result) => {
          if (result.ok) {
            setLeadId(result.data.leadId);
            draft.attach(result.data.leadId);
          } else setStartError(result.refusal === "limit-lead" ? RENTAL_REFUSALS["limit-lead"] : START_FAILURE);
        },
        () => setStartError(START_FAILURE),
      )
      .finally(() => {
        creating.current = false;
      });
  }, [open, leadId, vendor, preset, draft, form]);

  function reset() {
    form.reset(defaults);
    setStep(firstStep);
    setLeadId(null);
    draft.clear();
    setTypePicked(Boolean(preset));
  }

  async function onSubmit(values: RentalFormValues) {
    if (leadId === null) {
      showToast(TOASTER, "error", "Error", { description: FAILURE });
      return;
    }
    setSubmitting(true);
    const honeypot = (document.getElementById("rental-website") as HTMLInputElement | null)?.value || undefined;
    const result = await completeLead({
      leadId,
      skid_steer_type: values.skid_steer_type,
      rental_start_date: toIsoDay(values.rental_start_date),
      rental_end_date: toIsoDay(values.rental_end_date),
      name: values.name,
      phone: values.phone,
      job_zip: values.job_zip,
      email: values.email,
      widen: values.widen,
      website: honeypot,
    }).catch(() => null);
    setSubmitting(false);
    if (!result?.ok) {
      if (result?.refusal === "job-zip") form.setError("job_zip", { message: RENTAL_REFUSALS["job-zip"] });
      else if (result?.fields.includes("email")) await form.trigger("email");
      showToast(TOASTER, "error", "Error", { description: FAILURE });
      return;
    }
    markRequestsMade();
    showToast(TOASTER, "success", "Success!", {
      description: (
        <>
          <span className="block">{SUCCESS}</span>
          <span className="mt-1 block" data-testid="rental-recipients">
            {recipientsLine(result.data.recipients, values.job_zip)}
          </span>
          <a href={`/requests/${leadId}`} className="mt-1 block underline">
            See your request&apos;s status
          </a>
        </>
      ),
    });
    onOpenChange(false);
    reset();
  }

  const errors = form.formState.errors;
  return (
    <>
      <FeatureToaster id={TOASTER} />
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
          <Dialog.Content
            className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-[425px] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-[var(--radius-card)] bg-white p-6 shadow-2xl wrap-anywhere"
            aria-describedby="rental-dialog-description"
            data-testid="rental-dialog"
          >
            <Dialog.Close
              className="absolute right-3 top-3 z-10 inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-ink-100"
              aria-label="Close"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
            <p id="rental-dialog-description" className="pr-10 text-sm text-ink-600">
              {forWhom(vendor)} · Step {step} of 3
            </p>
            <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="mt-2">
              {step === 1 && (
                <fieldset>
                  <Dialog.Title asChild>
                    <legend className="text-xl font-bold">What type of Skid Steer do you need?</legend>
                  </Dialog.Title>
                  {startError && (
                    <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
                      {startError}
                    </p>
                  )}
                  <div className="mt-4 grid gap-3">
                    {typeOptions.map((option) => (
                      <Button
                        key={option.value}
                        variant="outline"
                        size="lg"
                        disabled={startError !== null}
                        aria-pressed={typePicked && chosenType === option.value}
                        onClick={() => {
                          form.setValue("skid_steer_type", option.value);
                          setTypePicked(true);
                          save(2, { skid_steer_type: option.value });
                          setStep(2);
                        }}
                      >
                        {option.label}
                      </Button>
                    ))}
                  </div>
                </fieldset>
              )}
              {step === 2 && (
                <div>
                  <Dialog.Title className="text-xl font-bold">When do you need it?</Dialog.Title>
                  {preset && (
                    <p className="mt-1 text-sm text-ink-600" data-testid="preset-length">
                      Priced for {preset.days} day{preset.days === 1 ? "" : "s"}: pick your start date and the end date follows (you can
                      change it).
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
                        // From a price page, the end date follows at the length the row was priced for.
                        const presetEnd = preset && addDays(day, preset.days);
                        if (presetEnd && !isEndDayDisabled(presetEnd, day, today)) {
                          form.setValue("rental_end_date", presetEnd);
                          save(2, { rental_start_date: toIsoDay(day), rental_end_date: toIsoDay(presetEnd) });
                          return;
                        }
                        if (end && end <= day) form.resetField("rental_end_date");
                        save(2, { rental_start_date: toIsoDay(day) });
                      }}
                    />
                    <DateField
                      label="End Date"
                      value={end}
                      disabled={(day) => isEndDayDisabled(day, start, today)}
                      onChange={(day) => {
                        if (!day) return;
                        form.setValue("rental_end_date", day);
                        save(2, { rental_end_date: toIsoDay(day) });
                      }}
                    />
                    <Button
                      disabled={!start || !end}
                      onClick={() => {
                        save(3, {});
                        setStep(3);
                      }}
                    >
                      Continue
                    </Button>
                  </div>
                </div>
              )}
              {step === 3 && (
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
                    {vendor && !vendor.paused && (
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
                            widen: Boolean(vendor && !vendor.paused && widen),
                            skid_steer_type: chosenType,
                            ...(preset && preset.type === chosenType ? { machine_class: preset.machineClass } : {}),
                            rental_start_date: toIsoDay(start),
                            rental_end_date: toIsoDay(end),
                            job_zip: jobZip.trim(),
                          }}
                        />
                      </Suspense>
                    )}
                    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
                      <label htmlFor="rental-website">Website</label>
                      <input id="rental-website" name="website" tabIndex={-1} autoComplete="off" />
                    </div>
                    {/* Disabled from the first click on, so a double click sends one request. */}
                    <TrackedButton
                      type="submit"
                      category="rental"
                      label="Submit rental form"
                      className="w-full"
                      disabled={submitting || form.formState.isSubmitting}
                    >
                      Submit Request
                    </TrackedButton>
                  </div>
                </div>
              )}
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
