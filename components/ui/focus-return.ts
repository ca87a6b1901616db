"use client";
import { useRef } from "react";

/**
 * Focus for a dialog or sheet opened without a Radix trigger, which Radix cannot hand focus back
 * to: `openerRef` holds what opened it (a ref to pass, or set on opening), and `returnFocus` focuses
 * that once the dialog has gone, unless it has left the page (as the phone menu's button has).
 */
export function useFocusReturn<T extends HTMLElement = HTMLElement>() {
  const openerRef = useRef<T | null>(null);
  const returnFocus = () =>
    requestAnimationFrame(() => {
      if (openerRef.current?.isConnected) openerRef.current.focus();
    });
  return { openerRef, returnFocus };
}
