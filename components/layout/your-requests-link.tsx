"use client";
import { TrackedLink } from "@/components/analytics/tracked-link";
import { useRequestsMade } from "@/components/rental/requests-made";

/** "Your requests", for a browser that has sent one (in a list item when `listItem`); nothing otherwise. */
export function YourRequestsLink({
  className,
  onClick,
  listItem = false,
}: {
  className?: string;
  onClick?: () => void;
  listItem?: boolean;
}) {
  const made = useRequestsMade();
  if (!made) return null;
  const link = (
    <TrackedLink href="/requests" className={className} onClick={onClick}>
      Your requests
    </TrackedLink>
  );
  return listItem ? <li>{link}</li> : link;
}
