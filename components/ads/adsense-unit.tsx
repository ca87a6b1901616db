"use client";
import Script from "next/script";
import { useEffect } from "react";

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

/** Loads the AdSense script and pushes this unit to its queue. */
export function AdSenseUnit({ client }: { client: string }) {
  useEffect(() => {
    (window.adsbygoogle = window.adsbygoogle ?? []).push({});
  }, []);
  return (
    <>
      <Script src={`https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${client}`} strategy="lazyOnload" crossOrigin="anonymous" />
      <ins className="adsbygoogle block h-[250px] w-[300px]" data-ad-client={client} data-ad-format="rectangle" />
    </>
  );
}
