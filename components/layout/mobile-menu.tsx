"use client";
import { Menu } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";

// The menu's dialog code loads on the first tap, not with every page.
const MobileMenuDialog = dynamic(() => import("./mobile-menu-dialog").then((m) => m.MobileMenuDialog), { ssr: false });

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
        <Menu aria-hidden="true" />
      </button>
      {loaded && <MobileMenuDialog items={items} open={open} onOpenChange={setOpen} />}
    </>
  );
}
