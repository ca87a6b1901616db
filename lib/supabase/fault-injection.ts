/**
 * For the reliability benchmark: with ENABLE_FAULT_INJECTION=1 an operator can make
 * the database unreachable (every call fails as a network error would) and bring it back.
 */
const state = globalThis as typeof globalThis & { __databaseDown?: boolean };

export const faultInjectionEnabled = () => process.env.ENABLE_FAULT_INJECTION === "1";

export function setDatabaseDown(down: boolean): void {
  state.__databaseDown = down;
}

export function withFaultInjection(fetchImpl: typeof fetch): typeof fetch {
  if (!faultInjectionEnabled()) return fetchImpl;
  return (input, init) =>
    state.__databaseDown ? Promise.reject(new TypeError("fetch failed: the database is unreachable")) : fetchImpl(input, init);
}
