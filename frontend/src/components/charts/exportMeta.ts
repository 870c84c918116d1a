/** What every exported chart of a page says about itself besides its title:
 * the caption (what was simulated, seed, engine version, permalink) and,
 * for charts that draw no legend of their own, the legend entries.  A page
 * provides it around its ChartCards (the run view: RunDashboard). */
import { createContext, useContext } from "react";
import type { LegendEntry } from "./exportChart";

export interface ExportInfo {
  /** caption lines; the permalink is added at export time when `permalink` is left out */
  caption: string[];
  /** the page's address to cite; location.href when not given */
  permalink?: string;
  legend?: LegendEntry[];
}

export const ExportInfoContext = createContext<ExportInfo | null>(null);

export function useExportInfo(): ExportInfo | null {
  return useContext(ExportInfoContext);
}

/** The caption lines of an export: the page's lines, then the permalink (the current address by default). */
export function captionLines(info: ExportInfo | null, href: string): string[] {
  return [...(info?.caption ?? []), `Permalink: ${info?.permalink ?? href}`];
}
