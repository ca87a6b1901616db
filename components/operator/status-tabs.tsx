import { Link } from "@/components/ui/link";

/** The status filter of a console queue: one link per status, the current one marked. */
export function StatusTabs({
  path,
  statuses,
  current,
  label,
}: {
  path: string;
  statuses: readonly string[];
  current: string;
  label: string;
}) {
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap gap-2 text-sm">
      {statuses.map((s) => (
        <Link
          key={s}
          href={`${path}?status=${s}`}
          aria-current={s === current ? "page" : undefined}
          className="rounded-md border border-ink-200 px-3 py-1 font-semibold capitalize aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-50"
        >
          {s}
        </Link>
      ))}
    </nav>
  );
}
