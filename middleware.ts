import { NextResponse, type NextRequest } from "next/server";

/** A URL with capitals redirects permanently to its lowercase form. */
export function middleware(request: NextRequest) {
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
