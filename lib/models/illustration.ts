const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 4:3 SVG drawing of a wheeled skid steer or a compact track loader, labelled with the manufacturer. */
export function equipmentSvg(kind: "wheeled" | "tracked", manufacturer: string): string {
  const undercarriage =
    kind === "tracked"
      ? `<rect x="92" y="196" width="210" height="44" rx="22" fill="#1b1f24"/><circle cx="116" cy="218" r="14" fill="#4f5863"/><circle cx="278" cy="218" r="14" fill="#4f5863"/><circle cx="197" cy="222" r="9" fill="#4f5863"/>`
      : `<circle cx="128" cy="214" r="30" fill="#1b1f24"/><circle cx="128" cy="214" r="12" fill="#9aa3ad"/><circle cx="262" cy="214" r="30" fill="#1b1f24"/><circle cx="262" cy="214" r="12" fill="#9aa3ad"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img" aria-label="${escapeXml(manufacturer)} ${kind === "tracked" ? "compact track loader" : "skid steer loader"}">
<rect width="400" height="300" fill="#f6f7f9"/>
${undercarriage}
<path d="M100 196 V126 a10 10 0 0 1 10-10 H214 l34 44 H298 V196 Z" fill="#f2a900"/>
<path d="M122 126 H206 l26 34 H122 Z" fill="#cfe3f0" stroke="#1b1f24" stroke-width="4"/>
<path d="M240 150 L330 118 L338 134 L252 170 Z" fill="#c98a00"/>
<path d="M322 104 h46 l-8 72 h-52 Z" fill="#3a414a"/>
<text x="200" y="58" text-anchor="middle" font-family="system-ui, sans-serif" font-size="30" font-weight="700" fill="#1b1f24">${escapeXml(manufacturer)}</text>
<text x="200" y="86" text-anchor="middle" font-family="system-ui, sans-serif" font-size="16" fill="#4f5863">${kind === "tracked" ? "Compact Track Loader" : "Skid Steer Loader"}</text>
</svg>`;
}
