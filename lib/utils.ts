import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Unlike shadcn/ui's cn it does not run tailwind-merge (about 7 kB of
 * browser JavaScript on every page): components express states through variants
 * (e.g. aria-pressed:) instead of overriding a variant's utilities from outside.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
