/** A signed-in role: its cookie, the path the cookie is sent to and how long a session lasts. */
export interface SessionRole {
  role: string;
  cookie: string;
  path: string;
  seconds: number;
}

/** The operator console's sessions: a cookie sent only to /operator, for 12 hours. */
export const OPERATOR_SESSION: SessionRole = { role: "operator", cookie: "operator_session", path: "/operator", seconds: 12 * 60 * 60 };
