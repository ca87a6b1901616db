// Reviews: the renter's invitation, the operator's moderation, the business's reply and report, by email.
// The inboxes are a real SMTP server in this test process (tests/e2e/helpers/inbox.ts).
import { expect } from "@playwright/test";
import type { TestSmtpServer } from "../unit/helpers/smtp";
import { query, retryOffset } from "./helpers/db";
import { addressOf, emailedLink, pastPhoneWidth, person, requestFrom, smtp, test } from "./helpers/inbox";
import { logIn } from "./helpers/operator";

// In the order written; a failure retries the file's journeys from the first.
test.describe.configure({ mode: "serial" });

test("a renter reviews a vendor that contacted them; the operator publishes it, the business is emailed, replies and reports it; the vendor page and its JSON-LD show both until the operator rejects it", async ({
  browser,
}) => {
  // Four people and a dozen pages, each a first visit: longer than one page's test.
  test.setTimeout(360_000);
  const [listing] = await query<{ id: number; name: string; email: string; path: string; zip: string }>(
    `
    select v.id, v.name, v.email, '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path, p.code as zip from public.vendors v
    join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
    where v.email is not null and v.site is not null and s.slug in ('delaware', 'west-virginia', 'kentucky') order by v.id limit 1 offset $1`,
    [retryOffset()],
  );

  // Four people, each a browser of their own; what one step learns, the next uses.
  const business = await person(browser, "business");
  const renter = await person(browser, "renter");
  const operator = await person(browser, "operator");
  const answer = business.getByTestId("business-review").filter({ hasText: "Reviewing R." });
  // The one shown: until React reveals the reviews sent after the page's first flush, the page also
  // holds them as a hidden copy (components/ui/hydrate-apart.tsx).
  const review = renter.getByTestId("review").filter({ visible: true });
  const hostile = `<img src=x onerror="window.__reviewed=1"> On time & the machine was clean, see www.example.com`;
  let before = 0;
  let leadMail: TestSmtpServer["received"][number] | undefined;
  let statusPath = "";
  let replyPath = "";
  const report = "This renter <b>never</b> rented from us.";

  await test.step("the business claims its listing, so it can answer reviews from /business", async () => {
    // The business claims its listing, so it can answer reviews from /business.
    await business.goto(`/business/claim/${listing.id}`);
    before = smtp.received.length;
    await business.getByLabel("Your email address").fill(listing.email);
    await business.getByLabel("Your name").fill("Rae Owner");
    await business.getByRole("button", { name: "Claim this listing" }).click();
    await business.goto(await emailedLink(listing.email, before, "claim"));
    await business.getByRole("button", { name: "Claim and manage my listing" }).click();
    await expect(business.getByTestId("notice")).toHaveText("The listing is yours: you can edit it below.");
  });

  await test.step("the renter sends a request with an email address and the vendor is emailed; nothing can be reviewed yet", async () => {
    // The renter sends a request from the listing's page, starting in 20 days, with an email address for the copy and the invitation.
    await renter.goto(listing.path);
    await expect(renter.getByTestId("rating").first()).toContainText("New on Skid Steer Rentals");
    const leadId = await requestFrom(renter, listing, listing.zip, "Reviewing Renter", {
      skid_steer_type: "tracked",
      phone: "(555) 010-4141",
      email: "reviewing.renter@example.com",
    });
    // The lead email reaches the vendor.
    await expect
      .poll(() => (leadMail = smtp.received.find((m) => addressOf(m) === listing.email && m.text?.includes("Reviewing Renter"))), {
        timeout: 30_000,
      })
      .toBeTruthy();
    statusPath = `/requests/${leadId}`;
    // Before the vendor answers (the rental starts later), there is nothing to review yet; retried until the send is recorded.
    await expect(async () => {
      await renter.goto(statusPath);
      await expect(renter.getByTestId("vendor-review")).toContainText("once they have contacted you", { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(renter.getByTestId("review-form")).toHaveCount(0);
  });

  await test.step("the vendor marks it contacted from the lead email, and the renter is invited to review at once", async () => {
    // The vendor marks it contacted from the lead email; the renter is invited to review at once.
    before = smtp.received.length;
    const contacted = new URL(leadMail!.text!.match(/I've contacted this customer: (\S+)/)![1]);
    await business.goto(contacted.pathname + contacted.search);
    await business.getByRole("button", { name: "Mark the request as contacted" }).click();
    await expect(business.getByTestId("notice")).toHaveText("Thank you: the request is marked as contacted.");
    let invite: TestSmtpServer["received"][number] | undefined;
    await expect
      .poll(() => (invite = smtp.received.slice(before).find((m) => addressOf(m) === "reviewing.renter@example.com")), { timeout: 15_000 })
      .toBeTruthy();
    expect(invite!.subject).toBe(`How did it go? Review ${listing.name}`);
    expect(new URL(invite!.text!.match(/https?:\/\/\S+\/requests\/\d+\?key=\S+/)![0]).pathname).toBe(statusPath);
  });

  await test.step("the renter reviews; a second review, a text over 2,000 characters and another browser are refused", async () => {
    // The renter reviews from the status page; markup in the text stays text, and a link holds it for a closer look.
    await renter.goto(statusPath);
    const stale = await renter.context().newPage();
    await stale.goto(statusPath);
    expect(await pastPhoneWidth(stale)).toBe(0);
    const form = renter.getByTestId("review-form");
    await form.getByLabel("4 stars").check();
    await form.getByLabel("Your review (optional)").fill(hostile);
    await form.getByRole("button", { name: "Post my review" }).click();
    await expect(renter.getByTestId("notice")).toHaveText(
      "Thank you: your review waits for our team and shows on the vendor's page once it is published.",
    );
    await expect(renter.getByTestId("own-review")).toContainText("waiting for our team");
    // A second review of the pair, from a page opened before the first was posted, is refused; so is a text over 2,000
    // characters that the browser let through; the review stays as it was. Another browser cannot even see the request.
    await stale.getByTestId("review-form").getByLabel("5 stars").check();
    await stale.getByRole("button", { name: "Post my review" }).click();
    await expect(stale.getByTestId("notice")).toHaveText(
      "You have already reviewed this vendor for this request: edit your review instead.",
    );
    await renter.getByText("Edit my review").click();
    const edit = renter.getByTestId("review-form");
    await edit.getByLabel("Your review (optional)").evaluate((field) => field.removeAttribute("maxlength"));
    await edit.getByLabel("Your review (optional)").fill("x".repeat(2001));
    await edit.getByRole("button", { name: "Save my review" }).click();
    await expect(renter.getByTestId("notice")).toHaveText("A review can be at most 2,000 characters.");
    await expect(renter.getByTestId("own-review")).toContainText(hostile);
    const stranger = await person(browser, "stranger");
    expect((await stranger.goto(statusPath))?.status()).toBe(404);
    await renter.goto(`${statusPath}?error=review-exists&vendor=${listing.id}`);
    await expect(renter.getByTestId("notice")).toHaveText(
      "You have already reviewed this vendor for this request: edit your review instead.",
    );
    await expect(renter.getByTestId("own-review")).toContainText(hostile);
    // Not public before the operator publishes it.
    await renter.goto(listing.path);
    await expect(renter.getByTestId("review")).toHaveCount(0);
  });

  await test.step("the operator publishes the review held for its link, and the business is emailed a link to reply", async () => {
    // The operator publishes it from the queue; the business is emailed a link to reply.
    await logIn(operator);
    await operator.goto("/operator/reviews");
    const row = operator.getByTestId("review-row").filter({ hasText: listing.name });
    await expect(row).toContainText(hostile);
    await expect(row).toContainText("Reviewing R.");
    await expect(row.getByTestId("held-reason")).toHaveText("Held: Contains a link");
    before = smtp.received.length;
    await row.getByRole("button", { name: "Publish" }).click();
    await expect(operator.getByTestId("notice")).toHaveText(
      "Published: the review shows on the listing's page, and the business is emailed.",
    );
    let published: TestSmtpServer["received"][number] | undefined;
    await expect
      .poll(() => (published = smtp.received.slice(before).find((m) => addressOf(m) === listing.email)), { timeout: 15_000 })
      .toBeTruthy();
    expect(published!.subject).toBe(`New review of ${listing.name}: 4 out of 5 stars`);
    expect(published!.html).toContain("&lt;img src=x");
    expect(published!.html).not.toContain("<img src=x");
    const replyLink = new URL(published!.text!.match(/Reply to it: (\S+)/)![1]);
    replyPath = replyLink.pathname + replyLink.hash;
  });

  await test.step("the business replies from /business", async () => {
    // The business replies from /business.
    await business.goto(replyPath);
    await answer.getByLabel("Reply publicly").fill("Thank you, glad the job went well!");
    await answer.getByRole("button", { name: "Post reply" }).click();
    await expect(business.getByTestId("notice")).toHaveText("Saved: your reply shows under the review on your listing's page.");
  });

  await test.step("the vendor page and its JSON-LD show the verified review and the reply", async () => {
    // The vendor page shows the verified review and the reply, and says so in its JSON-LD.
    await renter.goto(listing.path);
    await expect(review).toHaveCount(1);
    await expect(review).toContainText("Reviewing R.");
    await expect(review).toContainText(hostile);
    await expect(review).toContainText(/Requested through Skid Steer Rentals, [A-Z][a-z]+ \d{4}/);
    await expect(review).toContainText("Tracked skid steer");
    await expect(review.getByTestId("review-reply")).toContainText("Thank you, glad the job went well!");
    await expect(review.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
    // One review: no average yet.
    await expect(renter.getByTestId("review-summary").filter({ visible: true })).toContainText("New on Skid Steer Rentals");
    expect(await renter.evaluate(() => (window as { __reviewed?: number }).__reviewed)).toBeUndefined();
    const blocks = (await renter.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
    const local = blocks.find((b) => b["@type"] === "LocalBusiness");
    expect(local.aggregateRating).toBeUndefined();
    expect(local.review).toEqual([
      expect.objectContaining({
        "@type": "Review",
        reviewRating: expect.objectContaining({ ratingValue: 4 }),
        author: { "@type": "Person", name: "Reviewing R." },
        reviewBody: hostile,
      }),
    ]);
  });

  await test.step("the business edits its reply, then reports the review, which stays published", async () => {
    // The business edits its reply, then reports the review: it stays published until the operator decides.
    await business.goto(replyPath);
    await answer.getByLabel("Your public reply").fill("Thank you again: see you next season!");
    await answer.getByRole("button", { name: "Save reply" }).click();
    await expect(business.getByTestId("notice")).toHaveText("Saved: your reply shows under the review on your listing's page.");
    await answer.getByText("Report this review").click();
    expect(await pastPhoneWidth(business)).toBe(0);
    await answer.getByLabel("Why should our team remove it?").fill(report);
    await answer.getByRole("button", { name: "Report", exact: true }).click();
    await expect(business.getByTestId("notice")).toHaveText("Reported: our team will look at this review and may remove it.");
    await expect(answer).toContainText("You reported this review: our team is looking at it.");
    await renter.goto(listing.path);
    await expect(review.getByTestId("review-reply")).toContainText("Thank you again: see you next season!");
  });

  await test.step("the operator rejects the reported review with a reason: it leaves the listing's page and the renter sees why", async () => {
    // The operator reads the report and rejects the review with a reason, audit-logged: it leaves the listing's page,
    // and the renter's status page says why.
    await operator.goto("/operator/reviews?status=reported");
    const reported = operator.getByTestId("review-row").filter({ hasText: listing.name });
    await expect(reported.getByTestId("report-reason")).toHaveText(`Reported by the business: ${report}`);
    expect(await pastPhoneWidth(operator)).toBe(0);
    await reported.getByLabel("Reason").fill("The renter's request went to another vendor's yard");
    await reported.getByRole("button", { name: "Reject" }).click();
    await expect(operator.getByTestId("notice")).toHaveText("Rejected, with the reason recorded: the review is not shown.");
    await operator.goto("/operator/audit");
    await expect(operator.getByTestId("audit-table").locator("tr", { hasText: "reject_review" }).first()).toContainText(
      "The renter's request went to another vendor's yard",
    );
    await renter.goto(listing.path);
    await expect(renter.getByTestId("review")).toHaveCount(0);
    await renter.goto(statusPath);
    await expect(renter.getByTestId("own-review")).toContainText("not published: The renter's request went to another vendor's yard");
    expect(await pastPhoneWidth(renter)).toBe(0);
  });
});
