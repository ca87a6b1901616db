"use client";
import { useEffect } from "react";

/** After one tooltip closes, the next opens at once for this long (the spec's skip delay). */
const SKIP_DELAY_MS = 300;

/**
 * The one piece of script the CSS tooltips need: while the pointer has just left a
 * tooltip's trigger, `data-tip-warm` on the root tells the CSS to skip the open delay.
 */
export function TooltipWarmth() {
  useEffect(() => {
    let cool: ReturnType<typeof setTimeout> | undefined;
    const left = (event: PointerEvent) => {
      const from = (event.target as Element | null)?.closest?.(".tip");
      if (!from || from.contains(event.relatedTarget as Node | null)) return;
      document.documentElement.dataset.tipWarm = "";
      clearTimeout(cool);
      cool = setTimeout(() => delete document.documentElement.dataset.tipWarm, SKIP_DELAY_MS);
    };
    document.addEventListener("pointerout", left);
    return () => {
      document.removeEventListener("pointerout", left);
      clearTimeout(cool);
    };
  }, []);
  return null;
}
