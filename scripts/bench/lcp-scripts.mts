/**
 * The scripts a run's simulated LCP was made to wait for. Lighthouse estimates a text LCP from
 * what the observed load did before the paint was presented: a script that had arrived and begun
 * to run by then is counted as if the paint needed it. On one machine, where the stylesheet and
 * every script arrive within milliseconds of each other, whether the app chunk is among them is a
 * race, and it moves a page's LCP by about half a second from one run to the next.
 */
import type { RunnerResult } from "lighthouse";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";

interface GraphNode {
  type: string;
  request?: { resourceType?: string; transferSize?: number };
}

/** Bytes transferred for the scripts in the optimistic LCP graph (as the JavaScript column counts them), or null when Lighthouse's internals differ. */
export async function scriptBytesBeforePaint(result: RunnerResult): Promise<number | null> {
  const { artifacts } = result;
  const settings = result.lhr.configSettings;
  try {
    const lcp = await LanternLargestContentfulPaint.request(
      {
        trace: artifacts.Trace,
        devtoolsLog: artifacts.DevtoolsLog,
        gatherContext: artifacts.GatherContext,
        settings,
        simulator: null,
        URL: artifacts.URL,
        SourceMaps: artifacts.SourceMaps,
        HostDPR: artifacts.HostDPR,
      },
      { computedCache: new Map(), settings } as unknown as Parameters<typeof LanternLargestContentfulPaint.request>[1],
    );
    const nodes = [...lcp.optimisticEstimate.nodeTimings.keys()] as unknown as GraphNode[];
    return nodes
      .filter((node) => node.type === "network" && node.request?.resourceType === "Script")
      .reduce((sum, node) => sum + (node.request?.transferSize ?? 0), 0);
  } catch {
    return null;
  }
}
