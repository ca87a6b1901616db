"use client";
import Script from "next/script";
import { useEffect } from "react";

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

const client = process.env.NEXT_PUBLIC_ADSENSE_CLIENT;

/**
 * The vendor page's advertisement: a fixed-size box either way, so it never shifts
 * the layout. With NEXT_PUBLIC_ADSENSE_CLIENT set it loads the ad script and pushes to its queue.
 */
export function AdSlot() {
  useEffect(() => {
    if (!client) return;
    (window.adsbygoogle = window.adsbygoogle ?? []).push({});
  }, []);
  return (
    <aside aria-label="Advertisement" data-testid="ad-slot" className="flex h-[250px] w-full max-w-[300px] items-center justify-center overflow-hidden rounded-md border border-dashed border-ink-200 bg-ink-50 text-sm text-ink-600">
      {client ? (
        <>
          <Script src={`https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${client}`} strategy="lazyOnload" crossOrigin="anonymous" />
          <ins className="adsbygoogle block h-[250px] w-[300px]" data-ad-client={client} data-ad-format="rectangle" />
        </>
      ) : (
        <span>Advertisement</span>
      )}
    </aside>
  );
}
