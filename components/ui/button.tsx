import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors data-opening:transition-none disabled:cursor-not-allowed disabled:opacity-50",
  {
    variants: {
      variant: {
        primary: "bg-brand-500 text-ink-900 hover:bg-brand-400 data-opening:bg-brand-600",
        dark: "bg-ink-900 text-white hover:bg-ink-700 data-opening:bg-ink-700",
        outline:
          "border border-ink-200 bg-white text-ink-900 hover:bg-ink-50 data-opening:bg-ink-100 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:ring-2 aria-pressed:ring-brand-500",
        ghost: "text-ink-900 hover:bg-ink-100 data-opening:bg-ink-100",
        link: "text-brand-700 underline-offset-4 hover:underline",
      },
      size: {
        sm: "h-9 px-3 text-sm",
        md: "h-11 px-4 text-sm",
        lg: "h-12 px-6 text-base",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

// `data-opening` marks a button whose dialog is on its way (components/ui/after-first-paint.tsx):
// it shows pressed by its background, at once (no fade, or the tap's frame would not show it),
// which repaints the button alone, where a filter made the tap's frame repaint far more on a phone.
export type ButtonProps = ComponentProps<"button"> & VariantProps<typeof buttonVariants>;

export function Button({ className, variant, size, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
