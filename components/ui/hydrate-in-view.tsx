"use client";
import { use, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { HydrateApart } from "./hydrate-apart";

interface Gate {
  promise: Promise<void>;
  open: () => void;
  opened: boolean;
}

/** The gates whose component has hydrated. */
const hydratedGates = new WeakSet<Gate>();

/** Each gate by the element that wraps its children, which carries this attribute. */
const gatesByWrapper = new WeakMap<Element, Gate>();
const WRAPPER_ATTRIBUTE = "data-hydrate-in-view";

/** Wrappers that a press, a focus or a click reached before their component had hydrated. */
const pressedWrappers = new WeakSet<Element>();

// A press, a focus or a click on children whose gate is closed opens it first. React drops a
// click on content it cannot hydrate at once, and the observer reports a frame or more after the
// page is live: a tap in between (Read More on a card in view) did nothing. On the window, in the
// capture phase, these run before React's listeners on the document, so React's own attempt to
// hydrate the target already finds its gate open: the click (a screen reader's or a key's too,
// or a tap in Safari, which focuses no button) hydrates the card and reaches its handler.
// A click that comes while the page's own hydration is still under way finds no gate yet: React
// first hydrates the page around it at once, and the wrapper's ref then opens the gate, before
// React turns to the card.
if (typeof window !== "undefined") {
  const openAround = (event: Event) => {
    for (let node = event.target instanceof Element ? event.target : null; node; node = node.parentElement) {
      if (!node.hasAttribute(WRAPPER_ATTRIBUTE)) continue;
      const gate = gatesByWrapper.get(node);
      if (gate) gate.open();
      else pressedWrappers.add(node);
    }
  };
  for (const type of ["pointerdown", "focusin", "click"]) window.addEventListener(type, openAround, true);
}

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
        if (gate.opened) return;
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
  const wrapper = useCallback(
    (node: HTMLDivElement | null) => {
      ref.current = node;
      if (!node) return;
      gatesByWrapper.set(node, gate);
      if (pressedWrappers.has(node)) gate.open();
    },
    [gate],
  );
  return (
    <div ref={wrapper} className={className} {...{ [WRAPPER_ATTRIBUTE]: "" }}>
      {/* Its server copy paints the children at their final size (see HydrateApart). */}
      <HydrateApart>
        <Closed gate={gate}>{children}</Closed>
      </HydrateApart>
    </div>
  );
}
