"use client";
import { Suspense, use, useEffect, useRef, useState, type ReactNode } from "react";

interface Gate {
  promise: Promise<void>;
  open: () => void;
  opened: boolean;
}

/** The gates whose component has hydrated. */
const hydratedGates = new WeakSet<Gate>();

/** Suspends, in the browser, until the gate opens; renders its children on the server. */
function Closed({ gate, children }: { gate: Gate; children: ReactNode }) {
  if (typeof window !== "undefined" && !gate.opened) use(gate.promise);
  return children;
}

/**
 * Server-rendered children that the browser hydrates (and, when they are lazy, downloads)
 * only once they come into view, or when a navigation changes them: until then React leaves
 * the server's HTML as it is. A block hidden by CSS (display: none) never comes into view.
 */
export function HydrateInView({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [gate] = useState<Gate>(() => {
    const gate = { opened: false } as Gate;
    gate.promise = new Promise<void>((resolve) => {
      gate.open = () => {
        gate.opened = true;
        resolve();
      };
    });
    return gate;
  });
  // Once hydrated, a render with new children (a client navigation changing their props) needs
  // them live: React cannot apply an update to HTML it has not hydrated, and would wait for it.
  if (hydratedGates.has(gate) && !gate.opened) gate.open();
  useEffect(() => {
    hydratedGates.add(gate);
  }, [gate]);
  useEffect(() => {
    const node = ref.current;
    if (!node || gate.opened) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      gate.open();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [gate]);
  // React sends a boundary of over 500 bytes as a separate segment when it would take the first
  // flush past 12.8 kB, and reveals that segment after the first paint. On the server the
  // fallback is therefore the same children: the page paints at its final size and nothing
  // below it moves. The browser never shows this fallback when hydrating; on a client
  // navigation it shows nothing, as before.
  const serverFallback = typeof window === "undefined" ? children : null;
  return (
    <div ref={ref} className={className}>
      <Suspense fallback={serverFallback}>
        <Closed gate={gate}>{children}</Closed>
      </Suspense>
    </div>
  );
}
