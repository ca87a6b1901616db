import type { Locator } from "@playwright/test";
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
  await dialog.locator("[data-day] button:not([disabled])").nth(2).click();
}
