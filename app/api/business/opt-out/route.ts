import { hashToken, isToken } from "@/lib/auth/token";
import { DatabaseError } from "@/lib/data/rpc";
import { refreshListingPage } from "@/lib/listings/revalidate";
import { followLink } from "@/lib/accounts/data";

/**
 * One-click unsubscribe (RFC 8058): a mail client posts "List-Unsubscribe=One-Click" to
 * the address in a lead email's List-Unsubscribe header, and the vendor receives no more
 * requests until it signs in and turns them back on. A wrong or expired token gets 404.
 */
export async function POST(request: Request) {
  const token = new URL(request.url).searchParams.get("token");
  const body = (await request.text().catch(() => "")).slice(0, 200);
  if (!isToken(token) || !body.includes("List-Unsubscribe=One-Click")) return new Response("Not Found", { status: 404 });
  let used;
  try {
    used = await followLink(hashToken(token), "opt_out");
  } catch (error) {
    if (error instanceof DatabaseError && error.refusal) return new Response("Not Found", { status: 404 });
    throw error;
  }
  // The listing's page now says it takes no requests.
  if (used.address) refreshListingPage(used.address);
  return new Response("You will receive no more rental requests.", { status: 200, headers: { "Cache-Control": "no-store" } });
}
