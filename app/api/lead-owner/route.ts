import { ownerToken } from "@/lib/auth/renter";

// The rental dialog asks for its owner token here before it starts a request; see lib/requests/owner.ts.
export async function POST() {
  await ownerToken(true);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
