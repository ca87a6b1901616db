import type { Metadata, Viewport } from "next";
import { Suspense, type ReactNode } from "react";
import { PageViews } from "@/components/analytics/page-views";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { HydrateApart } from "@/components/ui/hydrate-apart";
import { LinkNavigation } from "@/components/ui/link-navigation";
import { TooltipWarmth } from "@/components/ui/tooltip-warmth";
import { siteName, siteUrl } from "@/lib/site";
import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  title: { default: siteName, template: `%s | ${siteName}` },
  description: "Find skid steer and compact track loader rental vendors near you across the US.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#1b1f24" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-US">
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <HydrateApart>
          <SiteHeader />
        </HydrateApart>
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
          {children}
        </main>
        <SiteFooter />
        <Suspense fallback={null}>
          <PageViews />
        </Suspense>
        <TooltipWarmth />
        <LinkNavigation />
      </body>
    </html>
  );
}
