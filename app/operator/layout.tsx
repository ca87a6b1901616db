import type { Metadata } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = { title: "Operator console", robots: { index: false, follow: false } };

export default function OperatorLayout({ children }: { children: ReactNode }) {
  return children;
}
