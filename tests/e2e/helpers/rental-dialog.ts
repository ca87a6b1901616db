import { expect, type Locator } from "@playwright/test";
import { parse } from "date-fns";
import { enUS } from "date-fns/locale";

/** The day a date field of the rental dialog shows. */
export async function pickedDay(dialog: Locator, label: string): Promise<Date> {
  const text = await dialog.getByRole("button", { name: new RegExp(label) }).innerText();
  return parse(text.trim(), "PPP", new Date(), { locale: enUS });
}

/** Picks the first selectable start day and the third selectable end day after it. */
export async function chooseDates(dialog: Locator) {
  await dialog.getByRole("button", { name: /Start Date/ }).click();
  await dialog.locator("[data-day] button:not([disabled])").first().click();
  await dialog.getByRole("button", { name: /End Date/ }).click();
  await pickSelectableDay(dialog, 2);
}

/**
 * Picks the open calendar's selectable day at `index` (0 the first), counting on into the next
 * months when this one has fewer left: near a month's end its view holds only a day or two.
 */
export async function pickSelectableDay(dialog: Locator, index: number) {
  const days = dialog.locator("[data-day] button:not([disabled])");
  const month = dialog.getByRole("grid");
  for (let left = index; ;) {
    const count = await days.count();
    if (count > left) return days.nth(left).click();
    left -= count;
    const shown = await month.getAttribute("aria-label");
    await dialog.getByRole("button", { name: "Go to the Next Month" }).click();
    await expect(month).not.toHaveAttribute("aria-label", shown ?? "");
  }
}
