"use client";
import { use, useEffect, useRef, useState, type ReactNode } from "react";
import { HydrateApart } from "./hydrate-apart";

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
  return (
    <div ref={ref} className={className}>
      {/* Its server copy paints the children at their final size (see HydrateApart). */}
      <HydrateApart>
        <Closed gate={gate}>{children}</Closed>
      </HydrateApart>
    </div>
  );
}
