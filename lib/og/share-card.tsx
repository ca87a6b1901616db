import { ImageResponse } from "next/og";
import { equipmentSvg } from "../models/illustration";
import { siteName } from "../site";

const SHARE_SIZE = { width: 1200, height: 630 } as const;

interface ShareCard {
  eyebrow: string;
  title: string;
  facts: Array<{ label: string; value: string }>;
  machine: { kind: "wheeled" | "tracked"; manufacturer: string };
}

const svgDataUri = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;

/** A 1200×630 share card: site name, headline, key figures and the machine drawing. */
export function shareCardImage({ eyebrow, title, facts, machine }: ShareCard): ImageResponse {
  return new ImageResponse(
    <div style={{ display: "flex", width: "100%", height: "100%", background: "#1c1917", color: "#fafaf9", fontFamily: "sans-serif" }}>
      <div style={{ display: "flex", flexDirection: "column", justifyContent: "space-between", width: 660, padding: "56px 0 56px 64px" }}>
        <div style={{ display: "flex", alignItems: "center", gap: 16 }}>
          <div style={{ width: 48, height: 48, borderRadius: 10, background: "#f59e0b" }} />
          <div style={{ fontSize: 32, fontWeight: 700 }}>{siteName}</div>
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
          <div style={{ fontSize: 28, color: "#fbbf24", textTransform: "uppercase", letterSpacing: 2 }}>{eyebrow}</div>
          <div style={{ fontSize: title.length > 40 ? 52 : 64, fontWeight: 800, lineHeight: 1.1 }}>{title}</div>
        </div>
        <div style={{ display: "flex", gap: 40 }}>
          {facts.map((fact) => (
            <div key={fact.label} style={{ display: "flex", flexDirection: "column" }}>
              <div style={{ fontSize: 40, fontWeight: 800, color: "#fbbf24" }}>{fact.value}</div>
              <div style={{ fontSize: 22, color: "#d6d3d1" }}>{fact.label}</div>
            </div>
          ))}
        </div>
      </div>
      <div style={{ display: "flex", alignItems: "center", justifyContent: "center", flex: 1, background: "#f59e0b" }}>
        {/* eslint-disable-next-line @next/next/no-img-element -- rendered to PNG by next/og, not a page */}
        <img src={svgDataUri(equipmentSvg(machine.kind, machine.manufacturer))} width={480} height={360} alt="" />
      </div>
    </div>,
    SHARE_SIZE,
  );
}
