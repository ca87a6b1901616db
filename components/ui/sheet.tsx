"use client";
import * as Dialog from "@radix-ui/react-dialog";
import { FocusScope } from "@radix-ui/react-focus-scope";
import { X } from "lucide-react";
import { useRef, type ReactNode } from "react";
import { afterNextPaint } from "@/components/ui/after-first-paint";
import { cn } from "@/lib/utils";

interface SheetProps {
  title: string;
  children: ReactNode;
  /** The button that opens the sheet; leave out when the sheet is opened by other means. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  side?: "left" | "right";
  closeLabel?: string;
  className?: string;
}

/**
 * A modal side panel: a title, a close button, focus kept inside, Escape or a tap beside it
 * closes it. Built on Radix's dialog in its non-modal form, whose modal form on opening sets
 * pointer-events on the body (an inherited style, so every element of a long page is restyled),
 * hides the rest of the page element by element and locks scrolling with a new style sheet, all
 * inside the tap. Here the overlay takes the taps beside the panel and its touches do not scroll
 * the page, the panel does not pass its scrolling on, aria-modal tells assistive technology the
 * rest is inert, and a focus scope keeps Tab inside.
 */
export function Sheet({ title, children, trigger, open, onOpenChange, side = "right", closeLabel = "Close", className }: SheetProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  // Focus moves to the close button (the first control, as Radix would) once the panel has
  // painted: focusing lays out the whole page at once, which inside the tap held its paint back.
  const focusAfterPaint = (event: Event) => {
    event.preventDefault();
    afterNextPaint(() => closeButton.current?.focus());
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} modal={false}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <div aria-hidden="true" className="fixed inset-0 z-40 touch-none bg-black/40" />
        {/* Focus goes back to what had it before, unless it has already moved on (to the dialog a
            menu item opened, or to the trigger the dialog returns it to). */}
        <FocusScope
          asChild
          trapped
          loop
          onMountAutoFocus={(event) => event.preventDefault()}
          onUnmountAutoFocus={(event) => {
            if (document.activeElement && document.activeElement !== document.body) event.preventDefault();
          }}
        >
          <Dialog.Content
            aria-describedby={undefined}
            aria-modal="true"
            onOpenAutoFocus={focusAfterPaint}
            className={cn(
              "fixed inset-y-0 z-50 flex max-w-[90vw] flex-col overflow-y-auto overscroll-contain bg-white p-5 shadow-xl",
              side === "right" ? "right-0" : "left-0",
              className,
            )}
          >
            <div className="mb-4 flex items-center justify-between">
              <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
              <Dialog.Close
                ref={closeButton}
                className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-ink-100"
                aria-label={closeLabel}
              >
                <X aria-hidden="true" />
              </Dialog.Close>
            </div>
            {children}
          </Dialog.Content>
        </FocusScope>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
