import { ownerToken } from "@/lib/rental/owner";

// The rental dialog asks for its owner token here before it starts a request; see lib/rental/owner.ts.
export async function POST() {
  await ownerToken(true);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
