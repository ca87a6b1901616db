import { Suspense, type ReactNode } from "react";

/**
 * Server-rendered children that React hydrates apart from the rest of the page: a Suspense
 * boundary, which a first visit's hydration leaves for a later, interruptible pass. A tap that
 * lands before then hydrates only the boundary it falls in, not the whole page. For content
 * that renders without waiting (nothing here suspends on the server, so no fallback shows).
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
