import { Info } from "lucide-react";
import { cloneElement, useId, type ReactElement, type ReactNode } from "react";
import { cn } from "@/lib/utils";

interface TooltipProps {
  /** The focusable element that shows the tooltip on hover and keyboard focus. */
  children: ReactElement<{ "aria-describedby"?: string }>;
  content: ReactNode;
  className?: string;
}

/**
 * A tooltip in CSS alone, so pages ship no script for it: shown after 700 ms of hover,
 * at once on keyboard focus, and it stays while the pointer is over it. It opens below
 * its trigger, inside boxes that clip what overflows them; hidden, it is scaled to
 * nothing so it never widens the page.
 */
export function Tooltip({ children, content, className }: TooltipProps) {
  const id = useId();
  return (
    <span className={cn("tip", className)}>
      {cloneElement(children, { "aria-describedby": id })}
      <span role="tooltip" id={id} className="tip-bubble">
        {content}
      </span>
    </span>
  );
}

/** A small info button beside a label whose meaning needs explaining. */
export function InfoTip({ label, content, className }: { label: string; content: ReactNode; className?: string }) {
  return (
    <Tooltip content={content} className="align-middle">
      <button
        type="button"
        aria-label={`About ${label}`}
        className={cn("inline-flex h-6 w-6 items-center justify-center rounded-full text-ink-600 hover:text-ink-900", className)}
      >
        <Info aria-hidden="true" className="h-4 w-4" />
      </button>
    </Tooltip>
  );
}
