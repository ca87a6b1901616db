"use client";
import { track } from "@vercel/analytics";

interface AnalyticsEvent {
  name: "click" | "pageview";
  category: string;
  label: string;
}

declare global {
  interface Window {
    /** Every event the site reported, in order: a data layer other tools (and tests) can read. */
    analyticsEvents?: AnalyticsEvent[];
  }
}

function record(event: AnalyticsEvent) {
  window.analyticsEvents ??= [];
  window.analyticsEvents.push(event);
}

/** A click on a link or button, reported with a category and label. */
export function trackClick(category: string, label: string): void {
  record({ name: "click", category, label });
  track("click", { category, label });
}

/** A page view; @vercel/analytics reports its own on every location change. */
export function recordPageView(path: string): void {
  record({ name: "pageview", category: "page", label: path });
}
