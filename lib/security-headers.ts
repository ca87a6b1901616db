/** The one header a build's static scripts and styles carry. */
export const assetHeader = { key: "X-Content-Type-Options", value: "nosniff" };

/** Headers every page, route and public file carries. HSTS is only honoured by browsers over HTTPS. */
export function securityHeaders(): Array<{ key: string; value: string }> {
  const csp = [
    "default-src 'self'",
    // Next's inline bootstrap scripts need 'unsafe-inline' on cached pages (no per-request nonce).
    "script-src 'self' 'unsafe-inline' https://pagead2.googlesyndication.com https://va.vercel-scripts.com",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' https://*.supabase.co wss://*.supabase.co https://vitals.vercel-insights.com https://pagead2.googlesyndication.com",
    "frame-src https://googleads.g.doubleclick.net https://tpc.googlesyndication.com",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
  return [
    { key: "Content-Security-Policy", value: csp },
    assetHeader,
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(self), payment=()" },
    { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
    { key: "X-Frame-Options", value: "DENY" },
  ];
}
