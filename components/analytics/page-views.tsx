"use client";
import { Analytics } from "@vercel/analytics/next";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { recordPageView } from "@/lib/analytics";

// Vercel serves the analytics script at /_vercel/insights only on its own hosting
// (where it sets NEXT_PUBLIC_VERCEL_ENV); elsewhere loading it would only fail.
const onVercel = Boolean(process.env.NEXT_PUBLIC_VERCEL_ENV);

/** Reports a page view on every location change. */
export function PageViews() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  useEffect(() => {
    recordPageView(search ? `${pathname}?${search}` : pathname);
  }, [pathname, search]);
  return onVercel ? <Analytics /> : null;
}
