import { expect, test } from "@playwright/test";
import { query } from "./helpers/db";

test("rental request: the three steps, validation messages, success toast", async ({ page }) => {
  const [m] = await query<{ slug: string; mslug: string }>(
    "select m.slug, f.slug mslug from public.equipment_models m join public.equipment_manufacturer f on f.id = m.manufacturer_id order by m.id limit 1");
  await page.goto(`/us/skidsteers/${m.mslug}/${m.slug}`);
  await page.getByRole("main").getByRole("button", { name: "Book a Skid Steer" }).click();
  const dialog = page.getByTestId("rental-dialog");
  await expect(dialog.getByText("What type of Skid Steer do you need?")).toBeVisible();
  await dialog.getByRole("button", { name: "Tracked Skid Steer" }).click();
  await expect(dialog.getByText("When do you need it?")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Continue" })).toBeDisabled();
  await expect(dialog.getByText("Pick a date")).toHaveCount(2);
  await dialog.getByRole("button", { name: /Start Date/ }).click();
  await dialog.locator("[data-day] button:not([disabled])").first().click();
  await dialog.getByRole("button", { name: /End Date/ }).click();
  await dialog.locator("[data-day] button:not([disabled])").nth(2).click();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(dialog.getByText("Name must be at least 2 characters")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid phone number")).toBeVisible();
  await dialog.getByPlaceholder("Your name").fill("Pat Renter");
  await dialog.getByPlaceholder("Your phone number").fill("(555) 010-2030");
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Thanks! The vendor will contact you shortly about your rental request.")).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test("submit your business: messages, city disabled until a state, success resets the form", async ({ page }, info) => {
  await page.goto("/submit");
  await expect(page.getByLabel("City")).toBeDisabled();
  await page.getByRole("button", { name: "Submit Business" }).click();
  for (const message of ["Business name must be at least 2 characters", "Website URL is too short", "Please enter a valid phone number",
    "Please enter a valid address", "Please select a state", "Please enter a valid ZIP code"]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByLabel("Business Name").fill("Test & Sons Rentals");
  await page.getByLabel("Website").fill(`https://test-${info.project.name}-${Date.now()}.example`);
  await page.getByLabel("Phone").fill("5551234567");
  await expect(page.getByLabel("Phone")).toHaveValue("(555) 123-4567");
  await page.getByLabel("Address").fill("12 Main Street");
  await page.getByLabel("State").selectOption("texas");
  await expect(page.getByLabel("City")).toBeEnabled();
  await page.getByLabel("City").selectOption("houston");
  await page.getByLabel("Zipcode").fill("77002");
  await page.getByRole("button", { name: "Submit Business" }).click();
  await expect(page.getByText("Your business has been submitted successfully.")).toBeVisible();
  await expect(page.getByLabel("Business Name")).toHaveValue("");
});
