// Claiming a listing and signing in to /business by emailed link.
// The inboxes are a real SMTP server in this test process (tests/e2e/helpers/inbox.ts).
import { expect } from "@playwright/test";
import { OPERATOR } from "./helpers/operator";
import { addressOf, emailedLink, listings, pastPhoneWidth, person, SAME_ANSWER, signIn, smtp, test } from "./helpers/inbox";

// In the order written; a failure retries the file's journeys from the first.
test.describe.configure({ mode: "serial" });

test("claim by the listing's own email: the emailed link makes it the owner, and a phone edit is public at once", async ({ browser }) => {
  const [listing] = await listings();
  const page = await person(browser, "visitor");
  await page.goto(listing.path);
  await page.getByRole("link", { name: "Is this your business? Claim this listing" }).click();
  const before = smtp.received.length;
  await page.getByLabel("Your email address").fill(listing.email);
  await page.getByLabel("Your name").fill("Pat Owner");
  await page.getByRole("button", { name: "Claim this listing" }).click();
  await expect(page.getByTestId("notice")).toHaveText(SAME_ANSWER);
  const link = await emailedLink(listing.email, before, "claim");
  await page.goto(link);
  await page.getByRole("button", { name: "Claim and manage my listing" }).click();
  await expect(page.getByTestId("notice")).toHaveText("The listing is yours: you can edit it below.");
  const editor = page.getByTestId("business-listing").filter({ hasText: listing.name });
  await editor.getByLabel("Phone").fill("(555) 010-6464");
  await editor.getByLabel("Opening hours").fill("Mon-Sat 6:30-6");
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("notice")).toHaveText("Saved: the public page shows the change.");
  await page.goto(listing.path);
  await expect(page.locator('a[href^="tel:"]').first()).toHaveText("(555) 010-6464");
  // The shown copy: until React reveals the page's streamed body, a hidden copy of it is in the document too.
  await expect(page.getByText("Mon-Sat 6:30-6").filter({ visible: true })).toBeVisible();
  await expect(page.getByText("Claimed by the business").filter({ visible: true })).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await page.getByRole("button", { name: "Claim and manage my listing" }).click();
  await expect(page.getByTestId("notice")).toHaveText("This link is invalid or has expired. Ask for a new one below.");
});

test("a sign-in request answers the same for any address and while the mail server is down; the link arrives once it is back", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // The first claim test made this listing's own address its owner.
  const [listing] = await listings();
  const page = await person(browser, "visitor");
  await smtp.close();
  const answers: Array<{ url: string; notice: string | null }> = [];
  for (const email of [listing.email, "nobody.here@elsewhere.example"]) {
    await page.goto("/business");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByTestId("notice")).toContainText("Check your email");
    answers.push({ url: page.url(), notice: await page.getByTestId("notice").textContent() });
  }
  expect(answers[1]).toEqual(answers[0]);
  // The outbox failed to send while the server was down, and sends again once it is up.
  await smtp.restart();
  await page.goto(await emailedLink(listing.email, 0, "sign_in", 90_000));
  await page.getByRole("button", { name: "Sign in and manage my listing" }).click();
  await expect(page.getByTestId("notice")).toHaveText("You are signed in.");
  expect(smtp.received.filter((mail) => addressOf(mail) === "nobody.here@elsewhere.example")).toEqual([]);
});

test("claim by another email: the same answer, no email, the operator approves it, then the claimant signs in", async ({ browser }) => {
  const [, listing] = await listings();
  const claimant = `manager.${test.info().retry}@claims.example`;
  const page = await person(browser, "visitor");
  const before = smtp.received.length;
  await page.goto(`/business/claim/${listing.id}`);
  await page.getByLabel("Your email address").fill(claimant);
  await page.getByLabel("Your name").fill("Morgan Manager");
  await page.getByLabel("Anything our team should know (optional)").fill("I run the yard; call the office.");
  await page.getByRole("button", { name: "Claim this listing" }).click();
  await expect(page.getByTestId("notice")).toHaveText(SAME_ANSWER);

  const operator = await person(browser, "operator");
  await operator.goto("/operator/login");
  await operator.getByLabel("Email").fill(OPERATOR.email);
  await operator.getByLabel("Password").fill(OPERATOR.password);
  await operator.getByRole("button", { name: "Log in" }).click();
  await operator.waitForURL(/\/operator\/leads$/);
  await operator.goto("/operator/claims");
  const item = operator.getByTestId("claim").filter({ hasText: claimant });
  await expect(item).toContainText("I run the yard; call the office.");
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(operator.getByTestId("notice")).toContainText("Approved");
  expect(smtp.received.slice(before).filter((mail) => addressOf(mail) === claimant)).toEqual([]);

  await signIn(page, claimant);
  await expect(page.getByTestId("business-listing").filter({ hasText: listing.name })).toContainText(`${claimant} (owner)`);
});

test("the owner sees its charts; a colleague is added, signs in, and is removed; a business cannot touch another's listing", async ({
  browser,
}) => {
  const [first, second, third] = await listings();
  const helper = `helper.${test.info().retry}@claims.example`;
  const owner = await person(browser, "owner");
  await signIn(owner, first.email);
  // Its last 26 weeks in three charts, each with its numbers in a table, on a phone's screen too.
  const charts = owner.getByTestId("listing-charts");
  await expect(charts).toHaveCount(1);
  for (const chart of ["chart-activity", "chart-response", "chart-win-rate"]) {
    await charts.getByTestId(chart).getByText("Show the numbers").click();
    await expect(charts.getByTestId(chart).locator("tbody tr")).toHaveCount(26);
  }
  await expect(charts.getByTestId("chart-response").locator("thead")).toContainText("City median");
  expect(await pastPhoneWidth(owner)).toBe(0);
  const editor = owner.getByTestId("business-listing").filter({ hasText: first.name });
  await editor.getByLabel("Add a colleague by email").fill(helper);
  await editor.getByRole("button", { name: "Add colleague" }).click();
  await expect(owner.getByTestId("notice")).toHaveText("Added: they can now sign in with their email address.");

  const colleague = await person(browser, "colleague");
  await signIn(colleague, helper);
  await expect(colleague.getByTestId("business-listing")).toHaveCount(1);
  await expect(colleague.getByTestId("business-listing")).toContainText(first.name);

  await owner
    .getByTestId("business-listing")
    .filter({ hasText: first.name })
    .getByRole("button", { name: `Remove ${helper}` })
    .click();
  await expect(owner.getByTestId("notice")).toHaveText("Removed: they can no longer manage this listing.");
  await colleague.goto("/business");
  await expect(colleague.getByText("This address manages no listing any more.")).toBeVisible();

  // The owner's session posting an edit of a listing it does not manage: refused, nothing changed.
  for (const other of [second, third]) {
    const form = owner.getByTestId("business-listing").first().locator("form").first();
    await form.locator('input[name="vendor_id"]').evaluate((input, id) => ((input as HTMLInputElement).value = String(id)), other.id);
    await form.getByLabel("Phone").fill("(555) 010-9999");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(owner.getByTestId("notice")).toHaveText("No such listing");
    await owner.goto("/business");
  }
  const page = await person(browser, "visitor");
  await page.goto(third.path);
  await expect(page.locator('a[href^="tel:"]').first()).toHaveText(third.phone);
});
