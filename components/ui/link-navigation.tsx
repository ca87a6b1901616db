"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
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
 */
export function LinkNavigation() {
  const router = useRouter();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.("a[data-link]");
      if (!(anchor instanceof HTMLAnchorElement || anchor instanceof SVGAElement)) return;
      if (anchor.dataset.track !== undefined) trackClick("navigation", anchor.dataset.track);
      const url = new URL(anchor.getAttribute("href") ?? "", location.href);
      if (leavesThePage(event, anchor, url)) return;
      event.preventDefault();
      afterNextPaint(() => router.push(url.pathname + url.search + url.hash, { scroll: anchor.dataset.scroll !== "false" }));
    };
    // On the window, so React's own handlers (on the document) have run and may have cancelled it.
    addEventListener("click", onClick);
    return () => removeEventListener("click", onClick);
  }, [router]);
  return null;
}
