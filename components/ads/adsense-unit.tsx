"use client";
import { useEffect } from "react";

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

const SCRIPT_ID = "adsbygoogle-script";

/**
 * Loads the AdSense script once the page has loaded (once, however many units) and pushes
 * this unit to its queue. Written out rather than with next/script, whose loader would ship
 * with the vendor page's scripts whether or not ads are configured.
 */
export function AdSenseUnit({ client }: { client: string }) {
  useEffect(() => {
    const load = () => {
      if (document.getElementById(SCRIPT_ID)) return;
      const script = document.createElement("script");
      script.id = SCRIPT_ID;
      script.async = true;
      script.crossOrigin = "anonymous";
      script.src = `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(client)}`;
      document.head.append(script);
    };
    if (document.readyState === "complete") load();
    else window.addEventListener("load", load, { once: true });
    (window.adsbygoogle = window.adsbygoogle ?? []).push({});
    return () => window.removeEventListener("load", load);
  }, [client]);
  return <ins className="adsbygoogle block h-[250px] w-[300px]" data-ad-client={client} data-ad-format="rectangle" />;
}
