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
    <span className={cn("group/tip relative inline-flex", className)}>
      {cloneElement(children, { "aria-describedby": id })}
      <span role="tooltip" id={id}
        className="invisible absolute left-0 top-full z-50 mt-1.5 w-max max-w-72 origin-top-left scale-0 rounded-md bg-ink-900 px-3 py-2 text-left text-sm font-normal normal-case leading-snug text-white opacity-0 shadow-lg transition-[opacity,visibility,scale] duration-100 group-focus-within/tip:visible group-focus-within/tip:scale-100 group-focus-within/tip:opacity-100 group-focus-within/tip:delay-0 group-hover/tip:visible group-hover/tip:scale-100 group-hover/tip:opacity-100 group-hover/tip:delay-700">
        {content}
      </span>
    </span>
  );
}

/** A small info button beside a label whose meaning needs explaining. */
export function InfoTip({ label, content, className }: { label: string; content: ReactNode; className?: string }) {
  return (
    <Tooltip content={content} className="align-middle">
      <button type="button" aria-label={`About ${label}`} className={cn("inline-flex h-6 w-6 items-center justify-center rounded-full text-ink-600 hover:text-ink-900", className)}>
        <Info aria-hidden="true" className="h-4 w-4" />
      </button>
    </Tooltip>
  );
}
