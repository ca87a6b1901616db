import { equipmentSvg } from "@/lib/models/illustration";

export const dynamic = "force-static";

/** Article covers: the site's illustration, alternating wheeled and tracked by slug. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const slug = (await params).file.replace(/\.svg$/, "");
  const kind = slug.length % 2 === 0 ? "wheeled" : "tracked";
  return new Response(equipmentSvg(kind, "Rental Guide"), {
    headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" },
  });
}
