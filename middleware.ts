import { NextResponse, type NextRequest } from "next/server";
import { actionBodyProblem, consoleActionBodyProblem } from "@/lib/actions/action-body";

// Paths served by route handlers and files, not pages: no server action lives there.
const NOT_A_PAGE = /^\/(?:api|images|sitemaps|_next)(?:\/|$)|^\/(?:sitemap\.xml|robots\.txt|favicon\.ico|skidsteer_share\.png)$|\/share\.png$/;

const refuse = (status: number, message: string, headers?: Record<string, string>) =>
  new NextResponse(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });

/** The host the visitor's browser addressed, as Next's own server-action check reads it. */
function requestHost(request: NextRequest): string | null {
  return request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || request.headers.get("host");
}

function sameOrigin(request: NextRequest): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  try {
    return new URL(origin).host === requestHost(request);
  } catch {
    return false;
  }
}

// The operator console's forms post React's multipart encoding (a CSV upload among them);
// each of its actions checks the operator's session itself.
const CONSOLE = /^\/operator(?:\/|$)/;

/**
 * Requests a page could not have sent are refused here with a 4xx, before Next decodes
 * them: a server action is only a same-origin POST to a page with a plain JSON body
 * (a console form's: React's multipart encoding); pages answer GET and HEAD otherwise. A URL
 * with capitals redirects to its lowercase form.
 */
export async function middleware(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const isPage = !NOT_A_PAGE.test(pathname);
  const isAction = request.headers.has("next-action");
  if (request.method === "POST" && isAction && isPage && CONSOLE.test(pathname)) {
    if (!sameOrigin(request)) return refuse(403, "Cross-origin request refused");
    const problem = await consoleActionBodyProblem(request.headers.get("content-type"),
      Number(request.headers.get("content-length") ?? 0), { form: () => request.formData(), text: () => request.text() });
    return problem ? refuse(problem.status, problem.message) : NextResponse.next();
  }
  if (request.method === "POST" && isAction) {
    if (!isPage) return refuse(400, "Server actions are not accepted here");
    if (!sameOrigin(request)) return refuse(403, "Cross-origin request refused");
    const problem = actionBodyProblem(request.headers.get("content-type"), await request.text());
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
