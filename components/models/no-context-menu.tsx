"use client";
import type { ReactNode } from "react";

/** Disables the right-click menu on its content. */
export function NoContextMenu({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={className} onContextMenu={(e) => e.preventDefault()}>
      {children}
    </div>
  );
}
