"use client";
import { Children, useId, useMemo, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { HydrateApart } from "@/components/ui/hydrate-apart";
import { cn } from "@/lib/utils";

interface ShowMoreProps {
  children: ReactNode[];
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
 * the current count are hidden by a style rule, per breakpoint, until Show More reveals them.
 *
 * The items hydrate apart from the button, and a click changes only the list's data-clicks,
 * never the items: a tap on Show More before the page is live hydrates the button and its list, not
 * every item (a list of cities or cards is most of a directory page's elements).
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
  const listId = useId();
  // The same element on every click: React leaves the items' boundary as it is, hydrated or not.
  // The items are read inside it, so the page's first hydration does not reach them.
  const items = useMemo(
    () => (
      <HydrateApart>
        <Items as={List === "ul" ? "li" : "div"} className={itemClassName}>
          {children}
        </Items>
      </HydrateApart>
    ),
    [children, List, itemClassName],
  );
  const count = children.length;
  const desktopVisible = initial + step * clicks;
  const mobileVisible = mobileInitial + mobileStep * clicks;
  // One rule per number of clicks, the same text on every render: a click changes the list's
  // data-clicks alone, so the browser restyles that list rather than the whole page, as a changed
  // style sheet makes it.
  const lastClick = Math.max(Math.ceil((count - initial) / step), Math.ceil((count - mobileInitial) / mobileStep), 0);
  const rules = (visible: (click: number) => number) =>
    Array.from(
      { length: lastClick + 1 },
      (_, click) =>
        `[data-show-more="${listId}"][data-clicks="${click}"]>:nth-child(n+${visible(click) + 1} of [data-show-more-item]){display:none}`,
    ).join("");
  // 48rem is Tailwind's md breakpoint, as in the button's classes below.
  const style = `@media (width<48rem){${rules((click) => mobileInitial + mobileStep * click)}}@media (width>=48rem){${rules((click) => initial + step * click)}}`;
  return (
    <>
      <style>{style}</style>
      <List className={className} data-show-more={listId} data-clicks={clicks}>
        {items}
      </List>
      {(count > mobileVisible || count > desktopVisible) && (
        <div className={cn("mt-6 flex justify-center", count <= mobileVisible && "max-md:hidden", count <= desktopVisible && "md:hidden")}>
          <Button variant="outline" onClick={() => setClicks((n) => n + 1)}>
            {label}
          </Button>
        </div>
      )}
    </>
  );
}

function Items({ children, as: Item, className }: { children: ReactNode[]; as: "li" | "div"; className?: string }) {
  return Children.toArray(children).map((item, index) => (
    <Item key={index} data-show-more-item="" className={className}>
      {item}
    </Item>
  ));
}
