"use client";
import dynamic from "next/dynamic";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { RentalVendor } from "./rental-request-dialog";

// The dialog's code loads when a visitor first opens it, not with every page.
const RentalRequestDialog = dynamic(() => import("./rental-request-dialog").then((m) => m.RentalRequestDialog), { ssr: false });

type Vendor = RentalVendor;

/**
 * The rental request dialog and a function that opens it. Render `dialog` where it
 * outlives the opener (the mobile menu closes as the dialog opens).
 */
export function useRentalDialog(vendor?: Vendor): { openDialog: () => void; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return {
    openDialog: () => {
      setLoaded(true);
      setOpen(true);
    },
    dialog: loaded ? <RentalRequestDialog open={open} onOpenChange={setOpen} vendor={vendor} /> : null,
  };
}

interface BookingButtonProps {
  className?: string;
  label?: string;
  vendor?: Vendor;
  size?: "sm" | "md" | "lg";
}

export const BOOKING_LABEL = "Book a Skid Steer";

export function BookingButton({ className, label = BOOKING_LABEL, vendor, size }: BookingButtonProps) {
  const { openDialog, dialog } = useRentalDialog(vendor);
  return (
    <>
      <Button size={size} className={className} onClick={openDialog}>
        {label}
      </Button>
      {dialog}
    </>
  );
}
