import type { ReactNode } from "react";
import { TooltipProvider } from "@/components/ui/tooltip";

/** The model pages explain their labels with tooltips; the provider sets their timing. */
export default function ModelsLayout({ children }: { children: ReactNode }) {
  return <TooltipProvider>{children}</TooltipProvider>;
}
