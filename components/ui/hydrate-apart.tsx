"use client";
import { Suspense, type ReactNode } from "react";

/**
 * Server-rendered children that React hydrates apart from the rest of the page: a Suspense
 * boundary, which a first visit's hydration leaves for a later, interruptible pass. A tap that
 * lands before then hydrates only the boundary it falls in, not the whole page. For content
 * that renders without waiting.
 *
 * React sends a boundary of over 500 bytes that would take the first flush past 12.8 kB as a
 * separate segment that a script reveals later (React spaces its reveals about 300 ms apart).
 * On the server the fallback is therefore the same children: the page paints at its
 * final size and nothing moves when the segment replaces it. The browser never shows this
 * fallback when hydrating, and a client navigation renders the children at once.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  const serverFallback = typeof window === "undefined" ? children : null;
  return <Suspense fallback={serverFallback}>{children}</Suspense>;
}
