import type { Metadata } from "next";
import type { ReactNode } from "react";

// Sign-in and claim pages: nothing here for search engines to index.
export const metadata: Metadata = { robots: { index: false, follow: false } };

export default function BusinessLayout({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-3xl wrap-anywhere">{children}</div>;
}
