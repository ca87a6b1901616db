"use client";
import * as Dialog from "@radix-ui/react-dialog";
import { Menu, X } from "lucide-react";
import { useState } from "react";
import { TrackedLink } from "@/components/analytics/tracked-link";
import { BOOKING_LABEL, useRentalDialog } from "@/components/rental/booking-button";
import { Button } from "@/components/ui/button";
import { socialLinks } from "@/lib/site";

export function MobileMenu({ items }: { items: ReadonlyArray<{ href: string; label: string }> }) {
  const [open, setOpen] = useState(false);
  const links = [...items, { href: "/models", label: "Popular Models" }];
  const booking = useRentalDialog();
  return (
    <>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-ink-100 md:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" />
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col gap-2 bg-white p-5 shadow-xl" aria-describedby={undefined}>
            <div className="flex items-center justify-between">
              <Dialog.Title className="text-lg font-bold">Menu</Dialog.Title>
              <Dialog.Close className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-ink-100" aria-label="Close menu">
                <X aria-hidden="true" />
              </Dialog.Close>
            </div>
            <nav aria-label="Mobile" className="flex flex-col">
              {links.map((item) => (
                <TrackedLink key={item.href} href={item.href} onClick={() => setOpen(false)} className="rounded-md px-3 py-3 font-medium hover:bg-ink-100">
                  {item.label}
                </TrackedLink>
              ))}
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
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      {booking.dialog}
    </>
  );
}
