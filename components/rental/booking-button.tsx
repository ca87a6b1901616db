"use client";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import type { RentalPreset, RentalVendor } from "./rental-request-dialog";

// The dialog's code loads when a visitor first opens it, not with every page. React's own
// lazy() rather than next/dynamic, whose loader would otherwise ship with every page.
const RentalRequestDialog = lazy(() => import("./rental-request-dialog").then((m) => ({ default: m.RentalRequestDialog })));

type Vendor = RentalVendor;

/**
 * The rental request dialog and a function that opens it. Render `dialog` where it
 * outlives the opener (the mobile menu closes as the dialog opens).
 */
export function useRentalDialog(vendor?: Vendor, preset?: RentalPreset): { openDialog: () => void; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return {
    openDialog: () => {
      setLoaded(true);
      setOpen(true);
    },
    dialog: loaded ? (
      <Suspense fallback={null}>
        <RentalRequestDialog open={open} onOpenChange={setOpen} vendor={vendor} preset={preset} />
      </Suspense>
    ) : null,
  };
}

interface BookingButtonProps {
  className?: string;
  label?: string;
  vendor?: Vendor;
  preset?: RentalPreset;
  size?: "sm" | "md" | "lg";
  variant?: ButtonProps["variant"];
}

export const BOOKING_LABEL = "Book a Skid Steer";

export function BookingButton({ className, label = BOOKING_LABEL, vendor, preset, size, variant }: BookingButtonProps) {
  const { openDialog, dialog } = useRentalDialog(vendor, preset);
  return (
    <>
      <Button size={size} variant={variant} className={className} onClick={openDialog}>
        {label}
      </Button>
      {dialog}
    </>
  );
}
