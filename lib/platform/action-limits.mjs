// How much a server action may send, decided before anything reads its body: by the
// production server (lib/platform/node-server.mjs) for Node, and again by the middleware,
// which counts the body as it streams, wherever the site runs.
import { TOKEN_PATTERN } from "./token-format.mjs";

export const MAX_ACTION_BODY_BYTES = 8192;
/** The console's forms; its CSV upload carries a file of up to MAX_IMPORT_BYTES. */
export const MAX_CONSOLE_BODY_BYTES = 64 * 1024;
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_CONSOLE_UPLOAD_BYTES = MAX_IMPORT_BYTES + 64 * 1024;
export const CONSOLE_SESSION_COOKIE = "operator_session";
export const BUSINESS_SESSION_COOKIE = "business_session";
/** A rental's photos (8 of at most 10 MB, lib/storage/photos.ts) and their form. */
export const MAX_PHOTO_UPLOAD_BYTES = 8 * 10 * 1024 * 1024 + 64 * 1024;
/** Where a rental's photos are posted: the business dashboard (signed in) and a request's status page. */
const PHOTO_PAGES = /^\/(?:business|requests\/\d+)$/;

const CONSOLE = /^\/operator(?:\/|$)/;
/** Pages whose forms post React's multipart encoding of a form: the console, the business pages and a renter's request page. */
export const FORM_PAGES = /^\/(?:operator|business|requests)(?:\/|$)/;

/** The value of one cookie in a Cookie header. */
function cookieValue(header, name) {
  for (const part of String(header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/**
 * What a server action posted to `pathname` may send: `{ refuse: 401 }` for a console post
 * (other than the login form's) without a session cookie of the right shape, else the
 * largest body in bytes: a few kilobytes for the public forms' JSON, more for the console's
 * and the business pages' forms (whose own actions check their sessions), and a rental's photos
 * on a request's page and on the dashboard with a business session cookie of the right shape.
 */
export function actionAllowance(pathname, cookieHeader) {
  if (!FORM_PAGES.test(pathname)) return { limit: MAX_ACTION_BODY_BYTES };
  if (
    PHOTO_PAGES.test(pathname) &&
    (pathname !== "/business" || TOKEN_PATTERN.test(cookieValue(cookieHeader, BUSINESS_SESSION_COOKIE) ?? ""))
  )
    return { limit: MAX_PHOTO_UPLOAD_BYTES };
  if (!CONSOLE.test(pathname)) return { limit: MAX_CONSOLE_BODY_BYTES };
  if (pathname !== "/operator/login" && !TOKEN_PATTERN.test(cookieValue(cookieHeader, CONSOLE_SESSION_COOKIE) ?? ""))
    return { refuse: 401 };
  return { limit: pathname === "/operator/import" ? MAX_CONSOLE_UPLOAD_BYTES : MAX_CONSOLE_BODY_BYTES };
}
