import { signedPhoto } from "@/lib/storage/photos";

// A rental photo from the folder store, through the short-lived address a page signed for someone
// allowed to see it; anything else answers as unknown.
export async function GET(request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const url = new URL(request.url);
  const photo = await signedPhoto((await params).path.join("/"), url.searchParams.get("expires"), url.searchParams.get("signature"));
  if (!photo) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(photo), {
    headers: { "content-type": "image/jpeg", "cache-control": "private, max-age=600", "x-content-type-options": "nosniff" },
  });
}
