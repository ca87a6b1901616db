"use client";
import { Toaster } from "sonner";

/**
 * Toasts for one feature. Each feature that toasts renders its own (they load with it,
 * not with every page) and names it in `toast(…, { toasterId })`.
 */
export function FeatureToaster({ id }: { id: string }) {
  return <Toaster id={id} richColors position="top-center" />;
}
