import { Link } from "@/components/ui/link";
import { ShowMore } from "@/components/show-more";
import { PAGE_SIZES, quickLinkStates } from "@/lib/listings/ordering";
import type { StateWithVendors } from "@/lib/listings/types";
import { resourceArticles } from "@/lib/site";

export function QuickLinks({ states, countrySlug }: { states: StateWithVendors[]; countrySlug: string }) {
  const { featured, more } = quickLinkStates(states);
  const stateLink = (state: StateWithVendors) => (
    <Link href={`/${countrySlug}/${state.state_slug}`} className="hover:underline">
      {state.state_name} <span className="text-ink-600">({state.vendor_count})</span>
    </Link>
  );
  return (
    <section className="mt-10 grid gap-6 md:grid-cols-3" aria-label="Quick links">
      <div className="rounded-[var(--radius-card)] border border-ink-200 p-5" data-testid="featured-states">
        <h2 className="text-lg font-bold">Featured States</h2>
        <ul className="mt-3 space-y-2">
          {featured.map((state) => (
            <li key={state.state_slug}>{stateLink(state)}</li>
          ))}
        </ul>
      </div>
      <div className="rounded-[var(--radius-card)] border border-ink-200 p-5" data-testid="more-states">
        <h2 className="text-lg font-bold">More States</h2>
        <ShowMore
          initial={PAGE_SIZES.moreStates.initial}
          step={PAGE_SIZES.moreStates.step}
          className="mt-3 space-y-2"
          label="Show More States"
        >
          {more.map((state) => (
            <span key={state.state_slug}>{stateLink(state)}</span>
          ))}
        </ShowMore>
      </div>
      <div className="rounded-[var(--radius-card)] border border-ink-200 p-5">
        <h2 className="text-lg font-bold">Resources</h2>
        <ul className="mt-3 space-y-2">
          {resourceArticles.map((article) => (
            <li key={article.slug}>
              <Link href={`/articles/${article.slug}`} className="hover:underline">
                {article.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
