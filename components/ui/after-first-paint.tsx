"use client";
import { startTransition, useEffect, useState, useTransition, type ReactNode } from "react";

/**
 * Runs `task` once the browser has painted the next frame, so the frame that answers a tap
 * is not held back by work whose result can show a frame later. Returns a cancel function.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Shows `fallback` first and mounts its children once that frame has been painted, in a
 * transition: a drawer or calendar that holds heavy content paints within the tap that opens
 * it, and the content follows in the frames after, without holding the tap's next paint.
 */
export function AfterFirstPaint({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => startTransition(() => setPainted(true))), []);
  return painted ? children : fallback;
}

/**
 * A dialog's or sheet's open state, opened once the tap's frame has painted, as a transition:
 * fetching its code the first time and mounting it take longer than a frame on a slow phone.
 * Until it shows, `opening` is true (its button can show it pressed).
 */
export function useOpenAfterPaint(): { open: boolean; opening: boolean; openAfterPaint: () => void; setOpen: (open: boolean) => void } {
  const [open, setOpen] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [pending, startOpening] = useTransition();
  return {
    open,
    setOpen,
    opening: waiting || pending,
    openAfterPaint: () => {
      setWaiting(true);
      afterNextPaint(() =>
        startOpening(() => {
          setWaiting(false);
          setOpen(true);
        }),
      );
    },
  };
}
