"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { startTransition, useCallback, useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { afterNextPaint } from "@/components/ui/after-first-paint";
import { FeatureToaster, showToast } from "@/components/ui/toaster";
import { completeRequest } from "@/lib/requests/actions";
import { recipientsSentence, RENTAL_REFUSALS } from "@/lib/requests/messages";
import type { MachineClass } from "@/lib/prices/classes";
import { toIsoDay } from "@/lib/requests/dates";
import { rentalFormSchema, type RentalFormValues, type SkidSteerType } from "@/lib/requests/schema";
import type { Step } from "./lead-draft";
import { markRequestsMade } from "./requests-made";
import { ContactStep } from "./steps/contact-step";
import { DatesStep } from "./steps/dates-step";
import { MachineStep } from "./steps/machine-step";
import { useLeadDraft } from "./use-lead-draft";

const TOASTER = "rental";

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

/** The job site's ZIP as the page knows it: the vendor's, or the city page's hint. */
function pageZip(vendor?: RentalVendor): string {
  return vendor?.zip ?? document.querySelector("[data-job-zip]")?.getAttribute("data-job-zip") ?? "";
}

/**
 * Whom the sent request is going to: `count` vendors (the server's), ranked as routing ranks them,
 * the vendor whose page it came from first when it was among those the dialog named.
 */
function recipientsLine(count: number, zip: string, chosen: boolean): string {
  return recipientsSentence(
    Array.from({ length: count }, (_, rank) => (rank === 0 && chosen ? "vendor_page" : "nearby")),
    zip,
    "now",
  );
}

/** The line above each step: whom the request is for. */
function forWhom(vendor?: RentalVendor): string {
  if (!vendor) return "Rental request";
  return vendor.paused ? `Rental request to vendors near ${vendor.name}` : `Rental request for ${vendor.name}`;
}

/** The rental request: its three steps (machine, dates, contact), its draft, and the toast that answers the sending. */
export function RentalRequestDialog({ open, onOpenChange, vendor, preset }: RentalRequestDialogProps) {
  const firstStep: Step = preset ? 2 : 1;
  const defaults = { skid_steer_type: preset?.type ?? "wheeled", name: "", phone: "", job_zip: "", email: "", widen: false } as const;
  const [step, setStep] = useState<Step>(firstStep);
  const [submitting, setSubmitting] = useState(false);
  const [typePicked, setTypePicked] = useState(Boolean(preset));
  // The consent sentence shown beside the submit button, once the vendors it names are known.
  const [consent, setConsent] = useState<string | null>(null);
  // The vendors that sentence names: whether the listing's own vendor is among them (a paused one is not).
  const [named, setNamed] = useState<number[]>([]);
  const onConsent = useCallback((text: string | null, vendorIds: number[] = []) => {
    setConsent(text);
    setNamed(vendorIds);
  }, []);
  const form = useForm<RentalFormValues>({
    resolver: zodResolver(rentalFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: defaults,
  });
  const chosenType = useWatch({ control: form.control, name: "skid_steer_type" });
  const draft = useLeadDraft({ open, vendorId: vendor?.id ?? null });
  // Opening the dialog for a new request prefills the job ZIP; from a price page the machine is already chosen.
  const { leadId, save } = draft;
  const presetType = preset?.type;
  useEffect(() => {
    if (!open || leadId !== null) return;
    if (!form.getValues("job_zip")) form.setValue("job_zip", pageZip(vendor));
    if (presetType) save(2, { skid_steer_type: presetType });
  }, [open, leadId, form, vendor, presetType, save]);

  function reset() {
    form.reset(defaults);
    setStep(firstStep);
    draft.clear();
    setTypePicked(Boolean(preset));
  }

  async function onSubmit(values: RentalFormValues) {
    if (draft.leadId === null || consent === null) {
      showToast(TOASTER, "error", "Error", { description: FAILURE });
      return;
    }
    const leadId = draft.leadId;
    setSubmitting(true);
    const result = await completeRequest({
      leadId,
      skid_steer_type: values.skid_steer_type,
      rental_start_date: toIsoDay(values.rental_start_date),
      rental_end_date: toIsoDay(values.rental_end_date),
      name: values.name,
      phone: values.phone,
      job_zip: values.job_zip,
      email: values.email,
      widen: values.widen,
      website: values.website || undefined,
      consent: { text: consent, page: window.location.pathname },
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
            {recipientsLine(result.data.recipients, values.job_zip, vendor !== undefined && named.includes(vendor.id))}
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
                <MachineStep
                  chosen={typePicked ? chosenType : null}
                  startError={draft.startError}
                  onChoose={(type) =>
                    // The tap's frame shows the choice pressed (the step's own state); the dates
                    // step, which replaces this one, renders once that frame has painted.
                    afterNextPaint(() => {
                      draft.save(2, { skid_steer_type: type });
                      startTransition(() => {
                        form.setValue("skid_steer_type", type);
                        setTypePicked(true);
                        setStep(2);
                      });
                    })
                  }
                />
              )}
              {step === 2 && (
                <DatesStep
                  form={form}
                  presetDays={preset?.days ?? null}
                  save={draft.save}
                  onContinue={() => {
                    draft.save(3, {});
                    setStep(3);
                  }}
                />
              )}
              {step === 3 && (
                <ContactStep
                  form={form}
                  vendor={vendor}
                  preset={preset}
                  save={draft.save}
                  submitting={submitting || form.formState.isSubmitting}
                  consent={consent}
                  onConsent={onConsent}
                />
              )}
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
