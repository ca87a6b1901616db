import { isToken } from "./token";

/** The key of an emailed status link (?key=), when it has a token's form; anything else is no key. */
export const statusKey = (value: unknown): string | null => (isToken(value) ? value : null);

/** A request's status page, with the emailed link's key when the page was opened by it. */
export const requestStatusPath = (id: number, key: string | null) => `/requests/${id}${key ? `?${new URLSearchParams({ key })}` : ""}`;
