"use client";
import { lazy, Suspense, useState, useTransition, type ReactNode } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { afterNextPaint } from "@/components/ui/after-first-paint";
import { cn } from "@/lib/utils";
import type { RentalPreset, RentalVendor } from "./rental-request-dialog";

// The dialog's code loads when a visitor first opens it, not with every page. React's own
// lazy() rather than next/dynamic, whose loader would otherwise ship with every page.
const RentalRequestDialog = lazy(() => import("./rental-request-dialog").then((m) => ({ default: m.RentalRequestDialog })));

type Vendor = RentalVendor;

/**
 * The rental request dialog and a function that opens it. Render `dialog` where it
 * outlives the opener (the mobile menu closes as the dialog opens).
 *
 * The dialog opens once the tap's frame has painted, as a transition: fetching its code the
 * first time (a script and a style sheet added to the page) and mounting it take longer than a
 * frame on a slow phone. Until it shows, `opening` is true (the button shows it pressed).
 */
export function useRentalDialog(vendor?: Vendor, preset?: RentalPreset): { openDialog: () => void; opening: boolean; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [pending, startOpening] = useTransition();
  return {
    openDialog: () => {
      setWaiting(true);
      afterNextPaint(() =>
        startOpening(() => {
          setWaiting(false);
          setLoaded(true);
          setOpen(true);
        }),
      );
    },
    opening: waiting || pending,
    dialog: loaded ? (
      <Suspense fallback={null}>
        <RentalRequestDialog open={open} onOpenChange={setOpen} vendor={vendor} preset={preset} />
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
      <Button
        size={size}
        variant={variant}
        data-opening={opening || undefined}
        className={cn("data-opening:brightness-90", className)}
        onClick={openDialog}
      >
        {label}
      </Button>
      {dialog}
    </>
  );
}
