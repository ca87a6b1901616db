"use client";
import { lazy, Suspense, useState } from "react";

// The menu's dialog code loads on the first tap, not with every page.
const MobileMenuDialog = lazy(() => import("./mobile-menu-dialog").then((m) => ({ default: m.MobileMenuDialog })));

export function MobileMenu({ items }: { items: ReadonlyArray<{ href: string; label: string }> }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-ink-100 md:hidden"
      >
        {/* Drawn here rather than imported: an icon library's runtime would load with every page. */}
        <svg
          aria-hidden="true"
          width="24"
          height="24"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M4 5h16M4 12h16M4 19h16" />
        </svg>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <MobileMenuDialog items={items} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
