"use client";

import { LocateFixed } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { NEAR_MESSAGES, type NearMessage } from "@/lib/messages/maps";

/**
 * "Use my location": asks the browser for its position only when tapped, has the server find
 * the nearest ZIP code, and goes to the vendors nearest it. A refusal, or a position outside the
 * US, is said beside the search, which stays as it was.
 */
export function NearMeButton() {
  const router = useRouter();
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<NearMessage | null>(null);

  const locate = () => {
    setProblem(null);
    if (!("geolocation" in navigator)) return setProblem("unavailable");
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      async ({ coords }) => {
        try {
          const response = await fetch(`/api/near?lat=${coords.latitude}&lng=${coords.longitude}`);
          const found = (await response.json()) as { zip?: unknown; code?: unknown };
          if (response.ok && typeof found.zip === "string") router.push(`/us/near/${found.zip}`);
          else
            setProblem(typeof found.code === "string" && Object.hasOwn(NEAR_MESSAGES, found.code) ? (found.code as NearMessage) : "failed");
        } catch {
          setProblem("failed");
        }
        setLocating(false);
      },
      (error) => {
        setLocating(false);
        setProblem(error.code === error.PERMISSION_DENIED ? "denied" : "unavailable");
      },
      { timeout: 20_000, maximumAge: 600_000 },
    );
  };

  return (
    <div className="mt-2 max-w-xl">
      <button
        type="button"
        onClick={locate}
        disabled={locating}
        className="inline-flex min-h-11 items-center gap-2 rounded-md px-1 font-semibold underline underline-offset-4 disabled:opacity-60"
      >
        <LocateFixed aria-hidden className="size-4" />
        {locating ? "Finding your location…" : "Use my location"}
      </button>
      <p role="status" className="empty:hidden w-fit rounded-md bg-white px-3 py-2 text-sm font-medium text-danger-600">
        {problem && NEAR_MESSAGES[problem]}
      </p>
    </div>
  );
}
