"use client";
import { TrackedLink } from "@/components/analytics/tracked-link";
import { BOOKING_LABEL, useRentalDialog } from "@/components/rental/request-button";
import { Button } from "@/components/ui/button";
import { Sheet } from "@/components/ui/sheet";
import { socialLinks } from "@/lib/site";
import { YourRequestsLink } from "./your-requests-link";

interface MobileMenuDialogProps {
  items: ReadonlyArray<{ href: string; label: string }>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The menu under 768 px: the main links, Popular Models, the visitor's own requests, booking and the social links. */
export function MobileMenuDialog({ items, open, onOpenChange: setOpen }: MobileMenuDialogProps) {
  const links = [...items, { href: "/models", label: "Popular Models" }];
  const booking = useRentalDialog();
  return (
    <>
      <Sheet title="Menu" closeLabel="Close menu" open={open} onOpenChange={setOpen} className="w-80 gap-2">
        <nav aria-label="Mobile" className="flex flex-col">
          {links.map((item) => (
            <TrackedLink
              key={item.href}
              href={item.href}
              onClick={() => setOpen(false)}
              className="rounded-md px-3 py-3 font-medium hover:bg-ink-100"
            >
              {item.label}
            </TrackedLink>
          ))}
          <YourRequestsLink onClick={() => setOpen(false)} className="rounded-md px-3 py-3 font-medium hover:bg-ink-100" />
        </nav>
        <Button
          className="mt-2 w-full"
          onClick={() => {
            setOpen(false);
            booking.openDialog();
          }}
        >
          {BOOKING_LABEL}
        </Button>
        <ul className="mt-auto flex gap-4 pt-4 text-sm" aria-label="Social links">
          {socialLinks.map((link) => (
            <li key={link.name}>
              <a href={link.href} rel="noopener noreferrer" target="_blank" className="text-ink-700 underline-offset-4 hover:underline">
                {link.name}
              </a>
            </li>
          ))}
        </ul>
      </Sheet>
      {booking.dialog}
    </>
  );
}
