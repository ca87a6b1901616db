"use client";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

// The dialog's code loads when a visitor first opens it, not with every page.
const RentalRequestDialog = dynamic(() => import("./rental-request-dialog").then((m) => m.RentalRequestDialog), { ssr: false });

interface BookingButtonProps {
  className?: string;
  label?: string;
  vendor?: { id: number; name: string };
  onOpen?: () => void;
  size?: "sm" | "md" | "lg";
}

export function BookingButton({ className, label = "Book a Skid Steer", vendor, onOpen, size }: BookingButtonProps) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        size={size}
        className={cn(className)}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
          onOpen?.();
        }}
      >
        {label}
      </Button>
      {loaded && <RentalRequestDialog open={open} onOpenChange={setOpen} vendor={vendor} />}
    </>
  );
}
