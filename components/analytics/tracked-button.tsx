"use client";
import { Button, type ButtonProps } from "@/components/ui/button";
import { trackClick } from "@/lib/analytics";

type TrackedButtonProps = ButtonProps & { category: string; label: string };

/** A button whose clicks are reported with a category and label. */
export function TrackedButton({ category, label, onClick, ...props }: TrackedButtonProps) {
  return (
    <Button
      onClick={(event) => {
        trackClick(category, label);
        onClick?.(event);
      }}
      {...props}
    />
  );
}
