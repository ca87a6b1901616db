import { BUSINESS_SESSION_COOKIE, CONSOLE_SESSION_COOKIE } from "../platform/action-limits.mjs";

/** A signed-in role: its cookie, the path the cookie is sent to and how long a session lasts. */
export interface SessionRole {
  role: string;
  cookie: string;
  path: string;
  seconds: number;
}

/** A business's sessions: a cookie sent only to /business, for 30 days. */
export const BUSINESS_SESSION: SessionRole = {
  role: "business",
  cookie: BUSINESS_SESSION_COOKIE,
  path: "/business",
  seconds: 30 * 24 * 60 * 60,
};

/** The operator console's sessions: a cookie sent only to /operator, for 12 hours. */
export const OPERATOR_SESSION: SessionRole = { role: "operator", cookie: CONSOLE_SESSION_COOKIE, path: "/operator", seconds: 12 * 60 * 60 };
