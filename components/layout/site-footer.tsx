import { TrackedLink } from "@/components/analytics/tracked-link";
import { HydrateApart } from "@/components/ui/hydrate-apart";
import { getFooterStates } from "@/lib/listings/data";
import { socialLinks } from "@/lib/site";
import { YourRequestsLink } from "./your-requests-link";

export async function SiteFooter() {
  const states = await getFooterStates().catch(() => []);
  return (
    <footer className="mt-16 bg-ink-900 text-ink-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-3">
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wide text-brand-400">Popular States</h2>
          <ul className="mt-3 space-y-2">
            {states.map((state) => (
              <li key={state.state_slug}>
                <TrackedLink href={`/us/${state.state_slug}`} className="hover:underline">
                  {state.state_name}
                </TrackedLink>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wide text-brand-400">Legal</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <TrackedLink href="/privacy" className="hover:underline">
                Privacy Policy
              </TrackedLink>
            </li>
            <li>
              <TrackedLink href="/terms" className="hover:underline">
                Terms &amp; Conditions
              </TrackedLink>
            </li>
            <li>
              <TrackedLink href="/contact" className="hover:underline">
                Contact
              </TrackedLink>
            </li>
            <li>
              <TrackedLink href="/submit" className="hover:underline">
                Submit Your Business
              </TrackedLink>
            </li>
            <li>
              <TrackedLink href="/business" className="hover:underline">
                For businesses
              </TrackedLink>
            </li>
            {/* Hydrated apart: it reads the cookies, which a tap before the page is live need not wait for. */}
            <HydrateApart>
              <YourRequestsLink listItem className="hover:underline" />
            </HydrateApart>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wide text-brand-400">Follow Us</h2>
          <ul className="mt-3 space-y-2">
            {socialLinks.map((link) => (
              <li key={link.name}>
                <a href={link.href} rel="noopener noreferrer" target="_blank" className="hover:underline">
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-ink-700 px-4 py-4 text-center text-sm text-ink-200">
        Vendor listings are samples for demonstration: names, phone numbers (555) and websites (.example) are fictitious.
      </p>
    </footer>
  );
}
