"use client";
import { useEffect, useState } from "react";
import { EstimateBreakdown } from "@/components/prices/estimate-breakdown";
import { estimateRequest, type RecipientEstimate } from "@/lib/requests/estimates";
import type { MachineClass } from "@/lib/prices/classes";
import { usd } from "@/lib/prices/format";
import { consentText } from "@/lib/requests/consent";
import type { SkidSteerType } from "@/lib/requests/schema";

export interface EstimateRequest {
  vendorId: number | null;
  widen: boolean;
  skid_steer_type: SkidSteerType;
  machine_class?: MachineClass;
  rental_start_date: string;
  rental_end_date: string;
  job_zip: string;
}

/**
 * Who will receive the request, named before it is sent: each vendor with its estimated
 * total (or "no published rates"), once the dates and a five-digit job ZIP are known.
 * Loaded with the dialog's last step.
 */
export default function RequestEstimates({
  request,
  onConsent,
}: {
  request: EstimateRequest;
  /** The consent sentence naming the vendors shown, and their ids; null while they are not known. */
  onConsent: (text: string | null, vendorIds?: number[]) => void;
}) {
  const [estimates, setEstimates] = useState<{ key: string; list: RecipientEstimate[] } | null>(null);
  const key = JSON.stringify(request);
  const ready = /^\d{5}$/.test(request.job_zip);
  useEffect(() => {
    onConsent(null);
    if (!ready) return;
    let current = true;
    estimateRequest(JSON.parse(key)).then(
      (result) => {
        if (!current) return;
        // Without the list (a refused ZIP), the sentence names the site alone; the server checks it
        // against the vendors the request is routed to and refuses it when it leaves one out.
        if (result.ok) setEstimates({ key, list: result.data });
        onConsent(
          consentText(result.ok ? result.data.map((vendor) => vendor.name) : []),
          result.ok ? result.data.map((vendor) => vendor.id) : [],
        );
      },
      () => current && onConsent(consentText([])),
    );
    return () => {
      current = false;
    };
  }, [key, ready, onConsent]);
  if (!ready || estimates?.key !== key) return null;
  if (estimates.list.length === 0) {
    return (
      <p className="rounded-md bg-ink-50 p-3 text-sm" data-testid="request-receivers">
        No vendor serves ZIP {request.job_zip} yet: we will keep your request and find one for you.
      </p>
    );
  }
  return (
    <section aria-labelledby="estimates-heading" className="rounded-md bg-ink-50 p-3 text-sm" data-testid="request-estimates">
      <h3 id="estimates-heading" className="font-semibold">
        Estimated totals (estimates, not quotes)
      </h3>
      <p className="mt-1" data-testid="request-receivers">
        Your request will go to {estimates.list.length === 1 ? "this vendor" : `these ${estimates.list.length} vendors`}:
      </p>
      <ul className="mt-2 space-y-2">
        {estimates.list.map((vendor) => (
          <li key={vendor.id} data-testid="request-estimate">
            <span className="font-semibold">{vendor.name}</span>:{" "}
            {vendor.estimate ? (
              <>
                <span className="font-bold">{usd(vendor.estimate.total)}</span>
                {vendor.sample && <span className="text-ink-600"> (sample rates)</span>}
                <details className="text-xs">
                  <summary className="cursor-pointer text-ink-600">How it adds up</summary>
                  <EstimateBreakdown estimate={vendor.estimate} />
                </details>
              </>
            ) : (
              <span className="text-ink-600">no published rates for this machine</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
