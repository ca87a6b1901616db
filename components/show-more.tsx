"use client";
import { Children, useMemo, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

interface ShowMoreProps {
  children: ReactNode;
  /** Items shown at first and added per click; `mobile` applies under 768 px. */
  initial: number;
  step: number;
  mobileInitial?: number;
  mobileStep?: number;
  className?: string;
  itemClassName?: string;
  label?: string;
  as?: "ul" | "div";
}

/**
 * Every item is in the HTML (crawlers and no-JS visitors reach them all); items past
 * the current count are hidden with CSS, per breakpoint, until Show More reveals them.
 */
export function ShowMore({
  children,
  initial,
  step,
  mobileInitial = initial,
  mobileStep = step,
  className,
  itemClassName,
  label = "Show More",
  as: List = "ul",
}: ShowMoreProps) {
  const [clicks, setClicks] = useState(0);
  // The same item elements on every click, so React re-renders only the wrappers whose
  // visibility changes, not each item's content.
  const items = useMemo(() => Children.toArray(children), [children]);
  const desktopVisible = initial + step * clicks;
  const mobileVisible = mobileInitial + mobileStep * clicks;
  const Item = List === "ul" ? "li" : "div";
  return (
    <>
      <List className={className}>
        {items.map((item, index) => (
          <Item
            key={index}
            data-show-more-item=""
            className={cn(itemClassName, index >= mobileVisible && "max-md:hidden", index >= desktopVisible && "md:hidden")}
          >
            {item}
          </Item>
        ))}
      </List>
      {(items.length > mobileVisible || items.length > desktopVisible) && (
        <div
          className={cn(
            "mt-6 flex justify-center",
            items.length <= mobileVisible && "max-md:hidden",
            items.length <= desktopVisible && "md:hidden",
          )}
        >
          <Button variant="outline" onClick={() => setClicks((n) => n + 1)}>
            {label}
          </Button>
        </div>
      )}
    </>
  );
}
