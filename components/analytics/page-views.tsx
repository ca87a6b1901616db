"use client";
import { Analytics } from "@vercel/analytics/next";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { recordPageView } from "@/lib/analytics";

/** Reports a page view on every location change. */
export function PageViews() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  useEffect(() => {
    recordPageView(search ? `${pathname}?${search}` : pathname);
  }, [pathname, search]);
  return <Analytics />;
}
