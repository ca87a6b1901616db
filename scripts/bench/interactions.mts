/**
 * Interaction to Next Paint, per interaction of the site, as a first visit on a phone: a new
 * browser context per run on a Pixel 7 screen with the CPU slowed 4×, the page loaded until the
 * network is idle, the steps before the interaction taken, then the interaction itself. Its time
 * is what the Event Timing API (INP's own measure) reports: the longest event entry of the
 * interaction, from the input to the next paint. Median of 5 runs (BENCH_RUNS); the target is 100 ms.
 *
 * BENCH_INTERACTIONS="open filters,sort" measures only those; BENCH_INTERACTION_DETAIL=1 prints
 * each run's input delay, time in handlers and time to the paint.
 */
import { chromium, devices, type Locator, type Page } from "@playwright/test";
import { addDays, format } from "date-fns";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CPU_SLOWDOWN = 4;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 100;

interface Interaction {
  name: string;
  path: string;
  /** The steps before the measured interaction (not measured). */
  before?: (page: Page) => Promise<void>;
  /** The element the measured interaction acts on, and what it does to it. */
  act: (page: Page) => Promise<void>;
  /** What shows once the interaction has had its effect. */
  done: (page: Page) => Locator;
}

const filters = (page: Page) => page.getByRole("dialog", { name: "Filters" });
const openFilters = async (page: Page) => {
  await page.getByRole("button", { name: "Filters", exact: true }).click();
  await filters(page).getByLabel("Min (lbs)").first().waitFor();
};
const picker = (page: Page) => page.getByRole("dialog", { name: "Select Equipment to Compare" });
const rental = (page: Page) => page.getByTestId("rental-dialog");
const openRental = async (page: Page) => {
  await page.getByRole("main").getByRole("button", { name: "Book a Skid Steer" }).click();
  await rental(page).getByRole("button", { name: "Wheeled Skid Steer" }).waitFor();
};
const chooseMachine = async (page: Page) => {
  await openRental(page);
  await rental(page).getByRole("button", { name: "Wheeled Skid Steer" }).click();
  await rental(page)
    .getByRole("button", { name: /Start Date/ })
    .waitFor();
};
const tomorrow = () => format(addDays(new Date(), 1), "yyyy-MM-dd");

function interactions(paths: { vendor: string; state: string }): Interaction[] {
  return [
    {
      name: "open filters",
      path: "/us/skidsteers",
      act: (page) => page.getByRole("button", { name: "Filters", exact: true }).click(),
      done: (page) => filters(page).getByLabel("Min (lbs)").first(),
    },
    {
      name: "type a capacity",
      path: "/us/skidsteers",
      before: async (page) => {
        await openFilters(page);
        await filters(page).getByLabel("Min (lbs)").first().focus();
      },
      act: (page) => page.keyboard.press("2"),
      done: (page) => filters(page).getByLabel("Min (lbs)").first(),
    },
    {
      name: "tick a manufacturer",
      path: "/us/skidsteers",
      before: openFilters,
      act: (page) => filters(page).getByRole("group", { name: "Manufacturer" }).getByRole("checkbox").first().click(),
      done: (page) => filters(page).getByRole("group", { name: "Manufacturer" }).getByRole("checkbox", { checked: true }).first(),
    },
    {
      name: "slider keys",
      path: "/us/skidsteers",
      before: async (page) => {
        await openFilters(page);
        await filters(page).getByRole("slider").first().focus();
      },
      act: (page) => page.keyboard.press("ArrowRight"),
      done: (page) => filters(page).getByRole("slider").first(),
    },
    {
      name: "table view",
      path: "/us/skidsteers",
      act: (page) => page.getByRole("link", { name: "Table View" }).click(),
      done: (page) => page.getByTestId("models-table"),
    },
    {
      name: "sort",
      path: "/us/skidsteers?view=table",
      act: (page) => page.getByRole("link", { name: /^Engine Power \(HP\)/ }).click(),
      done: (page) => page.getByTestId("models-table"),
    },
    {
      name: "compare picker: open",
      path: "/us/skidsteers/compare",
      act: (page) => page.getByRole("button", { name: "Add Skid Steer To Compare" }).click(),
      done: picker,
    },
    {
      name: "compare picker: a manufacturer",
      path: "/us/skidsteers/compare",
      before: async (page) => {
        await page.getByRole("button", { name: "Add Skid Steer To Compare" }).click();
        await picker(page).locator("h3 button").first().waitFor();
      },
      act: (page) => picker(page).locator("h3 button").first().click(),
      done: (page) => picker(page).locator("li button").first(),
    },
    {
      name: "compare picker: pick",
      path: "/us/skidsteers/compare",
      before: async (page) => {
        await page.getByRole("button", { name: "Add Skid Steer To Compare" }).click();
        await picker(page).locator("h3 button").first().click();
        await picker(page).locator("li button").first().waitFor();
      },
      act: (page) => picker(page).locator("li button").first().click(),
      done: (page) => page.getByTestId("compare-table"),
    },
    {
      name: "rental dialog: open",
      path: paths.vendor,
      act: (page) => page.getByRole("main").getByRole("button", { name: "Book a Skid Steer" }).click(),
      done: (page) => rental(page).getByRole("button", { name: "Wheeled Skid Steer" }),
    },
    {
      name: "rental dialog: machine",
      path: paths.vendor,
      before: openRental,
      act: (page) => rental(page).getByRole("button", { name: "Wheeled Skid Steer" }).click(),
      done: (page) => rental(page).getByRole("button", { name: /Start Date/ }),
    },
    {
      name: "rental dialog: calendar",
      path: paths.vendor,
      before: chooseMachine,
      act: (page) =>
        rental(page)
          .getByRole("button", { name: /Start Date/ })
          .click(),
      done: (page) => rental(page).locator(`[data-day="${tomorrow()}"] button`),
    },
    {
      name: "rental dialog: a day",
      path: paths.vendor,
      before: async (page) => {
        await chooseMachine(page);
        await rental(page)
          .getByRole("button", { name: /Start Date/ })
          .click();
        await rental(page).locator(`[data-day="${tomorrow()}"] button`).waitFor();
      },
      act: (page) => rental(page).locator(`[data-day="${tomorrow()}"] button`).click(),
      done: (page) => rental(page).getByRole("button", { name: /End Date/ }),
    },
    {
      name: "Read More",
      path: "/models",
      act: (page) =>
        page
          .getByRole("button", { name: /Read More/ })
          .first()
          .click(),
      done: (page) => page.getByRole("dialog"),
    },
    {
      name: "submit form validation",
      path: "/submit",
      act: (page) => page.getByRole("button", { name: "Submit Business" }).click(),
      done: (page) => page.getByText("Business name must be at least 2 characters"),
    },
    {
      name: "Show More",
      path: paths.state,
      act: (page) =>
        page
          .getByRole("button", { name: /^Show More/ })
          .first()
          .click(),
      done: (page) => page.getByRole("button", { name: /^Show (More|Less)/ }).first(),
    },
    {
      name: "phone menu",
      path: "/about",
      act: (page) => page.getByRole("button", { name: "Open menu" }).click(),
      done: (page) => page.getByRole("dialog", { name: "Menu" }),
    },
  ];
}

/** Collects every event entry that belongs to an interaction, from the page's start. */
function observeEventTiming() {
  const seen: Array<{ name: string; startTime: number; duration: number; interactionId: number; delay: number; processing: number }> = [];
  (window as unknown as { interactionEntries: typeof seen }).interactionEntries = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (entry.interactionId)
        seen.push({
          name: entry.name,
          startTime: entry.startTime,
          duration: entry.duration,
          interactionId: entry.interactionId,
          delay: entry.processingStart - entry.startTime,
          processing: entry.processingEnd - entry.processingStart,
        });
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

async function measureOnce(url: string, interaction: Interaction): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const context = await browser.newContext({ ...devices["Pixel 7"] });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.addInitScript(observeEventTiming);
    await page.goto(`${url}${interaction.path}`, { waitUntil: "networkidle" });
    await interaction.before?.(page);
    // Let the steps' own entries arrive before the mark.
    await page.waitForTimeout(300);
    const mark = await page.evaluate(() => performance.now());
    await interaction.act(page);
    await interaction.done(page).waitFor({ state: "attached" });
    await page.waitForTimeout(500);
    const entries = await page.evaluate(
      (from) =>
        (
          window as unknown as {
            interactionEntries: Array<{ name: string; startTime: number; duration: number; delay: number; processing: number }>;
          }
        ).interactionEntries.filter((entry) => entry.startTime >= from),
      mark,
    );
    if (entries.length === 0) throw new Error("no event entry: the interaction took under 16 ms or did not happen");
    const longest = entries.reduce((a, b) => (b.duration > a.duration ? b : a));
    if (process.env.BENCH_INTERACTION_DETAIL)
      console.log(
        `  ${longest.name}: ${longest.duration} ms = input delay ${longest.delay.toFixed(0)} + handlers ${longest.processing.toFixed(0)} + to paint ${(longest.duration - longest.delay - longest.processing).toFixed(0)}`,
      );
    return longest.duration;
  } finally {
    await browser.close();
  }
}

/** Prints each interaction's median INP over RUNS first visits. */
export async function interactionTimes(url: string, paths: { vendor: string; state: string }): Promise<void> {
  console.log(
    `\n# Interactions (INP): Event Timing, Pixel 7, CPU slowed ${CPU_SLOWDOWN}×, first visit, median of ${RUNS}; target ≤ ${TARGET_MS} ms`,
  );
  const only = new Set((process.env.BENCH_INTERACTIONS ?? "").split(",").filter(Boolean));
  for (const interaction of interactions(paths).filter((i) => only.size === 0 || only.has(i.name))) {
    const runs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      try {
        runs.push(await measureOnce(url, interaction));
      } catch (error) {
        // An interaction that paints within 16 ms leaves no entry: it counts as 16.
        if ((error as Error).message.startsWith("no event entry")) runs.push(16);
        else throw error;
      }
    }
    const median = [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)];
    console.log(
      `${interaction.name.padEnd(32)} ${`${median.toFixed(0)} ms`.padStart(7)}  (runs ${runs.map((r) => r.toFixed(0)).join(", ")}; ${median <= TARGET_MS ? "met" : "MISSED"})`,
    );
  }
}
