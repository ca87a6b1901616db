import { NextResponse, type NextRequest } from "next/server";
import { actionBodyProblem } from "@/lib/actions/action-body";

/**
 * A URL with capitals redirects permanently to its lowercase form; a server action
 * request the site's own pages could not have sent is refused with a 4xx.
 */
export async function middleware(request: NextRequest) {
  if (request.method === "POST" && request.headers.has("next-action")) {
    const problem = actionBodyProblem(request.headers.get("content-type"), await request.text());
    if (problem) return new NextResponse(problem.message, { status: problem.status });
    return NextResponse.next();
  }
  const { pathname } = request.nextUrl;
  if (pathname !== pathname.toLowerCase()) {
    const url = request.nextUrl.clone();
    url.pathname = pathname.toLowerCase();
    return NextResponse.redirect(url, 308);
  }
  return NextResponse.next();
}

export const config = {
  matcher: ["/((?!_next/|api/|images/|favicon.ico|robots.txt|sitemap|skidsteer_share.png).*)"],
};
