"use client";
import { usePathname, useSearchParams } from "next/navigation";
import { lazy, useEffect } from "react";
import { recordPageView } from "@/lib/analytics";

// Vercel serves the analytics script at /_vercel/insights only on its own hosting
// (where it sets NEXT_PUBLIC_VERCEL_ENV); elsewhere loading it would only fail, so
// its code is not even downloaded.
const onVercel = Boolean(process.env.NEXT_PUBLIC_VERCEL_ENV);
const VercelAnalytics = lazy(() => import("@vercel/analytics/next").then((m) => ({ default: m.Analytics })));

/** Reports a page view on every location change. */
export function PageViews() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  useEffect(() => {
    recordPageView(search ? `${pathname}?${search}` : pathname);
  }, [pathname, search]);
  return onVercel ? <VercelAnalytics /> : null;
}
