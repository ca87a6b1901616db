"use client";
import { useSyncExternalStore } from "react";

// A readable marker beside the httpOnly owner cookie, so the layout can offer "Your requests"
// to a browser that sent one without asking the server: the page stays cacheable. The list
// itself is read with the owner cookie, which this marker cannot stand in for.
const MARKER = "requests_made";
const THIRTY_DAYS = 60 * 60 * 24 * 30;

// React reads a store's snapshot after every commit: the cookie is read once per page, not on each tap.
let made: boolean | undefined;
const listeners = new Set<() => void>();

/** Remembers that this browser sent a request, for as long as its owner cookie lasts. */
export function markRequestsMade(): void {
  document.cookie = `${MARKER}=1; Path=/; Max-Age=${THIRTY_DAYS}; SameSite=Lax`;
  made = true;
  for (const listener of listeners) listener();
}

const madeRequests = () => (made ??= document.cookie.split("; ").includes(`${MARKER}=1`));
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether this browser has sent a request: false on the server and in the first client render. */
export const useRequestsMade = (): boolean => useSyncExternalStore(subscribe, madeRequests, () => false);
