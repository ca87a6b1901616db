import { shareCardImage } from "@/lib/og/share-card";

export const dynamic = "force-static";

/** The site's default share image, /skidsteer_share.png (1200×630). */
export function GET() {
  return shareCardImage({
    eyebrow: "Local vendors in every state",
    title: "Rent a Skid Steer Near You",
    facts: [
      { label: "States", value: "50 + DC" },
      { label: "Compare", value: "Specs" },
      { label: "Request", value: "Free" },
    ],
    machine: { kind: "wheeled", manufacturer: "Rent Local" },
  });
}
