"use client";
import { useRouter } from "next/navigation";
import { useEffect, useTransition } from "react";
import { afterNextPaint } from "@/components/ui/after-first-paint";
import { trackClick } from "@/lib/analytics";

/** Whether a click asks for a new tab or window, a download, or another site: the browser's own. */
function leavesThePage(event: MouseEvent, anchor: Element, url: URL): boolean {
  const target = anchor.getAttribute("target") ?? "";
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (target !== "" && target !== "_self") ||
    anchor.hasAttribute("download") ||
    url.origin !== location.origin
  );
}

/**
 * One listener for every site link (`Link`, and the maps' links, which are SVG's own `a`): reports the click of a tracked one under the
 * category navigation, and navigates client-side as Next's Link would, without prefetching.
 *
 * While the next page loads it says "Loading..." (after 300 ms, so a quick one does not flash it). No route has a
 * loading.tsx: React would send a page inside that boundary as a segment revealed at least 300 ms after the first
 * paint, so a first visit would see "Loading..." and tap a page still hydrating.
 */
export function LinkNavigation() {
  const router = useRouter();
  const [navigating, startNavigation] = useTransition();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.("a[data-link]");
      if (!(anchor instanceof HTMLAnchorElement || anchor instanceof SVGAElement)) return;
      if (anchor.dataset.track !== undefined) trackClick("navigation", anchor.dataset.track);
      const url = new URL(anchor.getAttribute("href") ?? "", location.href);
      if (leavesThePage(event, anchor, url)) return;
      event.preventDefault();
      afterNextPaint(() =>
        startNavigation(() => router.push(url.pathname + url.search + url.hash, { scroll: anchor.dataset.scroll !== "false" })),
      );
    };
    // On the window, so React's own handlers (on the document) have run and may have cancelled it.
    addEventListener("click", onClick);
    return () => removeEventListener("click", onClick);
  }, [router]);
  return navigating ? (
    <p role="status" className="navigation-status">
      Loading...
    </p>
  ) : null;
}
