import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { logOutAction } from "@/lib/accounts/actions";
import { requireOperator } from "@/lib/auth/operator-session";

const SECTIONS = [
  { href: "/operator/leads", label: "Leads" },
  { href: "/operator/submissions", label: "Submissions" },
  { href: "/operator/claims", label: "Claims" },
  { href: "/operator/reviews", label: "Reviews" },
  { href: "/operator/vendors", label: "Vendors" },
  { href: "/operator/responses", label: "Responses" },
  { href: "/operator/activity", label: "Activity" },
  { href: "/operator/import", label: "Import" },
  { href: "/operator/privacy", label: "Privacy" },
  { href: "/operator/audit", label: "Audit log" },
];

/** Every console page: the signed-in operator only (checked on the server), with the section links. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const operator = await requireOperator();
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-ink-200 pb-3">
        <nav aria-label="Operator console" className="flex flex-wrap gap-1">
          {SECTIONS.map((section) => (
            <Link key={section.href} href={section.href} className="rounded-md px-3 py-2 text-sm font-semibold hover:bg-ink-100">
              {section.label}
            </Link>
          ))}
        </nav>
        <form action={logOutAction} className="flex items-center gap-3 text-sm">
          <span className="text-ink-600" data-testid="operator-email">
            {operator}
          </span>
          <Button type="submit" variant="outline" size="sm">
            Log out
          </Button>
        </form>
      </div>
      <div className="mt-6">{children}</div>
    </div>
  );
}
