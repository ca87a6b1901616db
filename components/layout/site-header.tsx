import { TrackedLink } from "@/components/analytics/tracked-link";
import { RequestButton } from "@/components/rental/request-button";
import { MobileMenu } from "./mobile-menu";

const mainNav = [
  { href: "/us/skidsteers/compare", label: "Compare Skid Steers" },
  { href: "/us/skidsteers", label: "Skid Steers" },
  { href: "/articles", label: "Articles" },
  { href: "/about", label: "About" },
] as const;

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-ink-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <TrackedLink href="/" className="flex items-center gap-2 font-extrabold tracking-tight" label="Logo">
          <svg aria-hidden="true" width="32" height="32" viewBox="0 0 32 32">
            <rect width="32" height="32" rx="6" fill="#f2a900" />
            <path d="M6 21h14l4-8h-6l-2-4H9l-3 6z" fill="#1b1f24" />
            <circle cx="10" cy="23" r="3" fill="#1b1f24" />
            <circle cx="20" cy="23" r="3" fill="#1b1f24" />
          </svg>
          <span>Skid Steer Rentals</span>
        </TrackedLink>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {mainNav.map((item) => (
            <TrackedLink
              key={item.href}
              href={item.href}
              className="rounded-md px-3 py-2 text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900"
            >
              {item.label}
            </TrackedLink>
          ))}
          <RequestButton className="ml-2" />
        </nav>
        <MobileMenu items={mainNav} />
      </div>
    </header>
  );
}
