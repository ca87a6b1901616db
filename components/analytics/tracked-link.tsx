import type { ComponentProps } from "react";
import { Link } from "@/components/ui/link";

type TrackedLinkProps = ComponentProps<typeof Link> & { label?: string };

/** A link whose clicks are reported under the category navigation (by `LinkNavigation`), labelled with its target unless a label is given. */
export function TrackedLink({ label, ...props }: TrackedLinkProps) {
  return <Link data-track={label ?? props.href} {...props} />;
}
