"use client";
import { Link } from "@/components/ui/link";
import type { ComponentProps } from "react";
import { trackClick } from "@/lib/analytics";

type TrackedLinkProps = ComponentProps<typeof Link> & { label?: string };

/** A link whose clicks are reported under the category navigation, labelled with its target unless a label is given. */
export function TrackedLink({ label, onClick, href, ...props }: TrackedLinkProps) {
  return (
    <Link
      href={href}
      onClick={(event) => {
        trackClick("navigation", label ?? (typeof href === "string" ? href : (href.pathname ?? "")));
        onClick?.(event);
      }}
      {...props}
    />
  );
}
