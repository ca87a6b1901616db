import "server-only";
import { serviceRpc } from "../data/rpc";
import { hashToken } from "./token";

/**
 * Sign-in throttling, keyed on what the client controls least: its address, and the
 * pair (address, account typed). Whether the account exists plays no part, so known and
 * unknown emails are answered alike. The pair is blocked after a few failures, so an
 * attacker guessing from one address is slowed down while the owner, from another
 * address, still gets in; the address alone is blocked after more failures, against
 * one address trying many accounts. Each further failure doubles the delay (up to 15 min).
 */
export interface ThrottleKeys {
  /** Failures of this address on this account: cleared by a success. */
  pair: string;
  /** Failures of this address on any account. */
  address: string;
}

const PAIR_FREE_FAILURES = 5;
const ADDRESS_FREE_FAILURES = 20;

export function throttleKeys(scope: string, account: string, address: string): ThrottleKeys {
  const id = (value: string) => hashToken(value).slice(0, 32);
  return { pair: `${scope}:pair:${id(`${account.trim().toLowerCase()}\n${address}`)}`, address: `${scope}:address:${id(address)}` };
}

/** Seconds before these keys may try again; 0 when they may now. */
export const throttleWait = async (keys: ThrottleKeys) =>
  (await serviceRpc("auth_throttle_wait", { p_keys: [keys.pair, keys.address] })) ?? 0;

/** Records an attempt's outcome; returns the seconds of a block the failure started (0 if none). */
export const recordAttempt = async (keys: ThrottleKeys, ok: boolean) =>
  (await serviceRpc("auth_throttle_record", {
    p_ok: ok,
    p_keys: [
      { key: keys.pair, free: PAIR_FREE_FAILURES, clear: true },
      { key: keys.address, free: ADDRESS_FREE_FAILURES },
    ],
  })) ?? 0;
