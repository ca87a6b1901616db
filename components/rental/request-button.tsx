"use client";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { useOpenAfterPaint } from "@/components/ui/after-first-paint";
import { useFocusReturn } from "@/components/ui/focus-return";
import type { RentalPreset, RentalVendor } from "./rental-request-dialog";

// The dialog's code loads when a visitor first opens it, not with every page. React's own
// lazy() rather than next/dynamic, whose loader would otherwise ship with every page.
const RentalRequestDialog = lazy(() => import("./rental-request-dialog").then((m) => ({ default: m.RentalRequestDialog })));

type Vendor = RentalVendor;

/**
 * The rental request dialog and a function that opens it (once the tap's frame has painted;
 * `opening` is true until it shows). Render `dialog` where it outlives the opener (the mobile
 * menu closes as the dialog opens).
 */
export function useRentalDialog(vendor?: Vendor, preset?: RentalPreset): { openDialog: () => void; opening: boolean; dialog: ReactNode } {
  const { open, opening, openAfterPaint, setOpen } = useOpenAfterPaint();
  // From its first opening on it stays mounted, and shows or hides by `open`.
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);
  const { openerRef, returnFocus } = useFocusReturn();
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) returnFocus();
  };
  return {
    openDialog: () => {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      openAfterPaint();
    },
    opening,
    dialog: loaded ? (
      <Suspense fallback={null}>
        <RentalRequestDialog open={open} onOpenChange={onOpenChange} vendor={vendor} preset={preset} />
      </Suspense>
    ) : null,
  };
}

interface RequestButtonProps {
  className?: string;
  label?: string;
  vendor?: Vendor;
  preset?: RentalPreset;
  size?: "sm" | "md" | "lg";
  variant?: ButtonProps["variant"];
}

export const BOOKING_LABEL = "Book a Skid Steer";

/** The spec's "Book a Skid Steer" button: it opens the rental request dialog (a booking comes later, from a vendor's quote). */
export function RequestButton({ className, label = BOOKING_LABEL, vendor, preset, size, variant }: RequestButtonProps) {
  const { openDialog, opening, dialog } = useRentalDialog(vendor, preset);
  return (
    <>
      <Button size={size} variant={variant} data-opening={opening || undefined} className={className} onClick={openDialog}>
        {label}
      </Button>
      {dialog}
    </>
  );
}
