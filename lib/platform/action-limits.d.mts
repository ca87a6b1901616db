export const MAX_ACTION_BODY_BYTES: number;
export const MAX_CONSOLE_BODY_BYTES: number;
export const MAX_IMPORT_BYTES: number;
export const MAX_CONSOLE_UPLOAD_BYTES: number;
export const CONSOLE_SESSION_COOKIE: string;
export const BUSINESS_SESSION_COOKIE: string;
export const MAX_PHOTO_UPLOAD_BYTES: number;
export const FORM_PAGES: RegExp;
export function actionAllowance(
  pathname: string,
  cookieHeader: string | null | undefined,
): { refuse: 401 } | { limit: number; refuse?: undefined };
