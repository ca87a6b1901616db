import { Link } from "@/components/ui/link";
import { JsonLd } from "@/components/json-ld";
import { breadcrumbList } from "@/lib/json-ld/builders";
import type { Crumb } from "@/lib/seo";

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm text-ink-600 wrap-anywhere">
        <ol className="flex flex-wrap items-center gap-1">
          {crumbs.map((crumb, index) => (
            <li key={crumb.path} className="flex min-w-0 items-center gap-1">
              {index > 0 && <span aria-hidden="true">/</span>}
              {index === crumbs.length - 1 ? (
                <span aria-current="page" className="font-medium text-ink-900">
                  {crumb.name}
                </span>
              ) : (
                <Link href={crumb.path} className="hover:underline">
                  {crumb.name}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <JsonLd data={breadcrumbList(crumbs)} />
    </>
  );
}
