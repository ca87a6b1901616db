"use client";
import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { Info } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** The site's tooltip timing: open after 700 ms, and 300 ms to move between tooltips without the delay. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={700} skipDelayDuration={300}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

interface TooltipProps {
  /** The element that shows the tooltip on hover and keyboard focus; must be focusable. */
  children: ReactNode;
  content: ReactNode;
}

export function Tooltip({ children, content }: TooltipProps) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          sideOffset={6}
          className="z-50 max-w-72 rounded-md bg-ink-900 px-3 py-2 text-sm font-normal leading-snug text-white shadow-lg"
        >
          {content}
          <TooltipPrimitive.Arrow className="fill-ink-900" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}

/** A small info button beside a label whose meaning needs explaining. */
export function InfoTip({ label, content, className }: { label: string; content: ReactNode; className?: string }) {
  return (
    <Tooltip content={content}>
      <button type="button" aria-label={`About ${label}`} className={cn("inline-flex h-6 w-6 items-center justify-center rounded-full align-middle text-ink-600 hover:text-ink-900", className)}>
        <Info aria-hidden="true" className="h-4 w-4" />
      </button>
    </Tooltip>
  );
}
