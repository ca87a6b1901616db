import { equipmentSvg } from "@/lib/models/illustration";

export const dynamic = "force-static";

type Context = { params: Promise<{ type: string; file: string }> };

/** A drawn illustration per equipment type with the manufacturer's name: we have no product photos. */
export async function GET(_request: Request, { params }: Context) {
  const { type, file } = await params;
  const manufacturer = file
    .replace(/\.svg$/, "")
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
  return new Response(equipmentSvg(type === "compact-track-loader" ? "tracked" : "wheeled", manufacturer), {
    headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" },
  });
}
