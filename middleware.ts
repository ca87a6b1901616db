import { NextResponse, type NextRequest } from "next/server";
import { actionBodyProblem, formActionBodyProblem } from "@/lib/platform/action-body";
import { actionAllowance, FORM_PAGES } from "@/lib/platform/action-limits.mjs";
import { allowedOrigins } from "@/lib/platform/origins";
import { readBodyUpTo } from "@/lib/platform/request-body";
import { siteUrl } from "@/lib/site";

// Paths served by route handlers and files, not pages: no server action lives there.
const NOT_A_PAGE =
  /^\/(?:api|images|sitemaps|_next)(?:\/|$)|^\/(?:sitemap\.xml|robots\.txt|favicon\.ico|skidsteer_share\.png)$|\/share\.png$/;

const refuse = (status: number, message: string, headers?: Record<string, string>) =>
  new NextResponse(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });

/** The page's own origin: the configured public address (and listed previews), never the request's Host. */
function fromOwnPage(request: NextRequest): boolean {
  const origin = request.headers.get("origin");
  return origin !== null && allowedOrigins(siteUrl()).has(origin);
}

/**
 * Requests a page could not have sent are refused here with a 4xx, before Next decodes
 * them: a server action is only a POST from the site's own origin to a page with a plain
 * JSON body (a console or business form's: React's multipart encoding), counted as it streams and cut
 * at its limit (lib/platform/action-limits.mjs); pages answer GET and HEAD otherwise.
 * A URL with capitals redirects to its lowercase form.
 */
export async function middleware(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const isPage = !NOT_A_PAGE.test(pathname);
  if (request.method === "POST" && request.headers.has("next-action")) {
    if (!isPage) return refuse(400, "Server actions are not accepted here");
    if (!fromOwnPage(request)) return refuse(403, "Cross-origin request refused");
    // A console post (but the login form's) needs a session cookie of the right shape
    // before its body is read; the action checks the session itself.
    const allowance = actionAllowance(pathname, request.headers.get("cookie"));
    if (allowance.refuse) {
      await request.body?.cancel();
      return refuse(allowance.refuse, "Log in to the console first");
    }
    const body = await readBodyUpTo(request, allowance.limit);
    if (!body) return refuse(413, "Request too large");
    const type = request.headers.get("content-type");
    const problem = FORM_PAGES.test(pathname) ? await formActionBodyProblem(type, body) : actionBodyProblem(type, body);
    return problem ? refuse(problem.status, problem.message) : NextResponse.next();
  }
  if (!isPage) return NextResponse.next();
  if (request.method !== "GET" && request.method !== "HEAD") return refuse(405, "Method Not Allowed", { Allow: "GET, HEAD" });
  if (pathname !== pathname.toLowerCase()) {
    const url = request.nextUrl.clone();
    url.pathname = pathname.toLowerCase();
    return NextResponse.redirect(url, 308);
  }
  return NextResponse.next();
}

export const config = {
  runtime: "nodejs",
  matcher: ["/((?!_next/static/|_next/image).*)"],
};
