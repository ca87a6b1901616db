import type { ComponentProps } from "react";

type LinkProps = ComponentProps<"a"> & {
  href: string;
  /** False keeps the scroll position on a client-side navigation (a sort, a view switch). */
  scroll?: boolean;
};

/**
 * The site's link: a plain anchor that `LinkNavigation` turns into a client-side navigation once
 * the page is live (before that, the browser follows it). Next's Link is a client component per
 * link: a page's hundreds of them (the footer's states, every card) were hydrated one by one, and
 * a tap landing during a first visit's hydration waited for all of them.
 */
export function Link({ scroll = true, ...props }: LinkProps) {
  return <a data-link="" data-scroll={scroll ? undefined : "false"} {...props} />;
}
