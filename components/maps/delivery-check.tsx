"use client";

import { Link } from "@/components/ui/link";
import { useState, type FormEvent } from "react";
import type { DeliveryAnswer } from "@/lib/maps/data";
import { DELIVERY_MESSAGES, type DeliveryMessage } from "@/lib/messages/maps";

/** What the server answers for a ZIP code the directory knows. */
type Answer = Extract<DeliveryAnswer, { known: true }>;

const milesText = (miles: number | null) => (miles === null ? "" : miles < 1 ? "under a mile" : `about ${miles.toFixed(1)} miles`);

/** "Does it deliver to my ZIP?" on a listing's page, answered in place. */
export function DeliveryCheck({ vendorId, vendorName }: { vendorId: number; vendorName: string }) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [problem, setProblem] = useState<DeliveryMessage | null>(null);
  const [checking, setChecking] = useState(false);

  const check = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const zip = String(new FormData(event.currentTarget).get("zip") ?? "").trim();
    setAnswer(null);
    setProblem(null);
    if (!/^\d{5}$/.test(zip)) return setProblem("zip-invalid");
    setChecking(true);
    try {
      const response = await fetch(`/api/delivers?vendor=${vendorId}&zip=${zip}`);
      const found = (await response.json()) as Answer | { code?: unknown };
      if (response.ok && "answer" in found) setAnswer(found);
      else
        setProblem(
          "code" in found && typeof found.code === "string" && Object.hasOwn(DELIVERY_MESSAGES, found.code)
            ? (found.code as DeliveryMessage)
            : "failed",
        );
    } catch {
      setProblem("failed");
    }
    setChecking(false);
  };

  const place = answer && `${answer.zip} (${answer.city_name}, ${answer.state_code})`;
  return (
    <div className="mt-4" data-testid="delivery-check">
      <form onSubmit={check} noValidate className="flex max-w-md flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col text-sm font-semibold">
          Does it deliver to my ZIP?
          <input
            name="zip"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            placeholder="5-digit ZIP code"
            className="mt-1 h-11 w-full rounded-md border border-ink-200 px-3 font-normal"
          />
        </label>
        <button
          type="submit"
          disabled={checking}
          className="h-11 rounded-md bg-brand-500 px-5 font-semibold text-ink-900 hover:bg-brand-400"
        >
          {checking ? "Checking…" : "Check"}
        </button>
      </form>
      <div role="status" className="mt-2 max-w-xl text-sm">
        {problem && <p className="font-medium text-danger-600">{DELIVERY_MESSAGES[problem]}</p>}
        {answer?.answer === "serves" && (
          <p className="font-semibold text-success-700">
            Yes: {vendorName} serves {place}, {milesText(answer.miles)} from its yard.
          </p>
        )}
        {answer?.answer === "delivery_range" && (
          <p className="font-semibold text-success-700">
            Likely: {place} is not among the ZIP codes it lists, but it is {milesText(answer.miles)} from its yard, within the{" "}
            {answer.delivery_miles} miles its delivery fee covers. Ask in your request.
          </p>
        )}
        {answer?.answer === "no" && (
          <p>
            <span className="font-semibold">No:</span> {place} is not in its service area; it is {milesText(answer.miles)} from its yard.{" "}
            <Link href={`/us/near/${answer.zip}`} className="font-medium text-brand-700 underline">
              See the vendors nearest {answer.zip}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
