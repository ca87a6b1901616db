/** PostgREST's mapping from a PostgreSQL SQLSTATE to an HTTP status. */
export function httpStatusForSqlState(code: string | undefined): number {
  if (!code) return 500;
  const custom = /^PT(\d{3})$/.exec(code);
  if (custom) return Number(custom[1]);
  const exact: Record<string, number> = {
    "23503": 409,
    "23505": 409,
    "25006": 405,
    "42883": 404,
    "42P01": 404,
    "42501": 401,
    P0001: 400,
    "40001": 500,
    "57014": 500,
  };
  if (code in exact) return exact[code];
  const byClass: Record<string, number> = {
    "08": 503,
    "09": 500,
    "0L": 403,
    "0P": 403,
    "28": 403,
    "2D": 500,
    "38": 500,
    "39": 500,
    "3B": 500,
    "40": 500,
    "53": 503,
    "54": 500,
    "55": 500,
    "57": 500,
    "58": 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

export interface PostgrestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export function errorResponse(status: number, body: PostgrestErrorBody): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}
