import { expect } from "@playwright/test";
import { actionIds, callAction, dialogCompletion } from "./helpers/actions";
import { query } from "./helpers/db";
import { logIn } from "./helpers/operator";
import { test } from "./helpers/test";
import { retentionPeriods } from "@/lib/privacy/periods";

test.beforeEach(({}, info) => test.skip(info.project.name !== "desktop", "the console and the status page, at one width"));

/** A request sent from this test's browser (its owner cookie) to the vendors near the seed's first listing, as the dialog sends it. */
async function sendRequest(
  request: Parameters<typeof callAction>[0],
  details: { name: string; phone: string; email: string; days: [number, number] },
) {
  const [vendor] = await query<{ zip: string }>(
    "select p.code as zip from public.vendors v join public.postcodes p on p.id = v.postcode_id where v.email is not null order by v.id limit 1",
  );
  const ids = actionIds();
  const started = await callAction(request, ids.startRequest, '[{"vendorId":null}]');
  const leadId = Number(/"leadId":(\d+)/.exec(await started.text())?.[1]);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const completed = await callAction(
    request,
    ids.completeRequest,
    await dialogCompletion(request, ids.estimateRequest, {
      leadId,
      vendorId: null,
      widen: false,
      skid_steer_type: "wheeled",
      rental_start_date: day(details.days[0]),
      rental_end_date: day(details.days[1]),
      job_zip: vendor.zip,
      name: details.name,
      phone: details.phone,
      email: details.email,
    }),
  );
  expect(await completed.text()).toContain('"ok":true');
  return leadId;
}

test("the privacy page states the retention periods the retention job applies", async ({ page }) => {
  // The server runs with this process's environment (playwright.config.ts), so the same settings.
  const periods = retentionPeriods(process.env);
  const units = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  await page.goto("/privacy");
  const stated = page.getByTestId("retention");
  await expect(stated).toContainText(`deleted ${units(periods.draftDays, "day")} after you last changed it`);
  await expect(stated).toContainText(`${units(periods.personalMonths, "month")} after you send them, your name, phone number`);
  await expect(stated).toContainText(`erased ${units(periods.sentDays, "day")} after they are sent`);
  await expect(stated).toContainText(`deleted ${units(periods.expiredDays, "day")} after they lapse`);
});

test("an operator finds everything held for an email address and erases it in one action; the audit log keeps who did it, not whom", async ({
  page,
}) => {
  const stamp = `${Date.now()}${test.info().retry}`;
  const email = `erase.${stamp}@example.com`;
  const name = `Erin Erasable ${stamp}`;
  const leadId = await sendRequest(page.request, { name, phone: "(555) 010-7070", email, days: [10, 12] });
  await logIn(page);
  await page.goto("/operator/privacy");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Look up" }).click();
  const requests = page.getByTestId("person-requests");
  await expect(requests).toContainText(String(leadId));
  await expect(requests).toContainText(name);
  await expect(page.getByTestId("person-consents")).toContainText("Consent is not a condition of renting.");
  await expect(page.getByTestId("person-messages")).toContainText("renter_copy");
  await page.getByRole("button", { name: "Erase everything for this person" }).click();
  await expect(page.getByTestId("notice")).toContainText("Erased:");
  // Looked up again: nothing personal is left, and erasing again says so.
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByTestId("person-on-file")).toContainText("No requests.");
  await expect(page.getByTestId("nothing-held")).toHaveText("Nothing is on file for this phone number or email address.");
  await page.goto("/operator/audit");
  const entry = page.getByTestId("audit-table").getByRole("row").filter({ hasText: "erase_person" }).first();
  await expect(entry).toContainText("operator@skidsteer.example");
  await expect(page.getByTestId("audit-table")).not.toContainText(email);
  await expect(page.getByTestId("audit-table")).not.toContainText(name);
});

test("a renter deletes their own withdrawn request from its status page; another browser cannot", async ({ page, browser }) => {
  const stamp = `${Date.now()}${test.info().retry}`;
  const leadId = await sendRequest(page.request, {
    name: `Dana Deleting ${stamp}`,
    phone: "(555) 010-7171",
    email: `delete.${stamp}@example.com`,
    days: [10, 12],
  });
  await page.goto(`/requests/${leadId}`);
  // Not before its rental has ended or it was withdrawn.
  await expect(page.getByTestId("delete-request")).toHaveCount(0);
  await page.getByRole("button", { name: "Withdraw my request" }).click();
  await expect(page.getByTestId("request-withdrawn")).toBeVisible();

  const stranger = await browser.newContext();
  const ids = actionIds();
  const refused = await callAction(stranger.request, ids.deleteRequestAction, { id: String(leadId) }, { path: `/requests/${leadId}` });
  expect(refused.status()).toBeLessThan(400);
  await stranger.close();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Your rental request #${leadId}`);

  await page.getByRole("button", { name: "Delete my request" }).click();
  await expect(page).toHaveURL(/\/requests\?deleted=1$/);
  await expect(page.getByRole("status")).toHaveText("Your request is deleted.");
  await expect(page.getByRole("link", { name: `Request #${leadId}` })).toHaveCount(0);
  expect((await page.goto(`/requests/${leadId}`))?.status()).toBe(404);
});
