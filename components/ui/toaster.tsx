"use client";
import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from "react";

/**
 * Toasts, loaded when a feature first shows one: sonner's code is fetched then, and the
 * feature's toaster mounted before the toast is raised (a toaster only shows toasts raised
 * after it mounted).
 */
type ToastOptions = { description?: ReactNode };

const loadSonner = () => import("sonner");
const wanted = new Set<string>();
const listeners = new Set<() => void>();
const mounted = new Map<string, () => void>();
const ready = new Map<string, Promise<void>>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const MountedToaster = lazy(async () => {
  const { Toaster } = await loadSonner();
  function Mounted({ id }: { id: string }) {
    // Runs after the Toaster's own effect has subscribed it to new toasts.
    useEffect(() => mounted.get(id)?.(), [id]);
    return <Toaster id={id} richColors position="top-center" />;
  }
  return { default: Mounted };
});

/** One feature's toaster: renders nothing until the feature shows its first toast. */
export function FeatureToaster({ id }: { id: string }) {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted.has(id),
    () => false,
  );
  return shown ? (
    <Suspense fallback={null}>
      <MountedToaster id={id} />
    </Suspense>
  ) : null;
}

/** Shows a success or error toast in the feature's toaster, loading it the first time. */
export async function showToast(id: string, kind: "success" | "error", title: string, options: ToastOptions = {}): Promise<void> {
  if (!ready.has(id)) {
    ready.set(id, new Promise((resolve) => mounted.set(id, resolve)));
    wanted.add(id);
    listeners.forEach((listener) => listener());
  }
  const [{ toast }] = await Promise.all([loadSonner(), ready.get(id)]);
  toast[kind](title, { ...options, toasterId: id });
}
