import { expect, type Page } from "@playwright/test";
import { actionIds, callAction, dialogCompletion } from "./helpers/actions";
import { query } from "./helpers/db";
import { LOCKOUT_OPERATOR, logIn, OPERATOR, operatorRows, type LeadRow } from "./helpers/operator";
import { clientAddress, test } from "./helpers/test";

// The console is one shared database state: its tests run in the desktop project only,
// on the listings and submissions tests/e2e/fixtures.sql puts in one quiet city.
test.beforeEach(({}, info) => test.skip(info.project.name !== "desktop", "one console state for the run"));
// One after another: a public page rendered by one test while another changes its listings
// would be cached with the old listings (a render begun before an invalidation is stored after it).
test.describe.configure({ mode: "serial" });

/** The fixture of this attempt: a retry works on the second, as the first try may have changed the first. */
const fixture = <T>(first: T, retry: T) => (test.info().retry === 0 ? first : retry);

async function consoleCity() {
  const [city] = await query<{ state: string; city: string; zip: string }>(`
    select s.state, s.city, min(p.code) as zip from public.vendors_submissions s
    join public.states st on st.slug = s.state join public.cities c on c.state_id = st.id and c.slug = s.city
    join public.postcodes p on p.city_id = c.id
    where s.site = 'https://approve-me.example' group by s.state, s.city`);
  return { ...city, path: `/us/${city.state}/${city.city}` };
}

test("logged out, every console page and action is refused and changes nothing", async ({ request }) => {
  for (const path of [
    "/operator/leads",
    "/operator/leads/1",
    "/operator/submissions",
    "/operator/vendors",
    "/operator/vendors/1",
    "/operator/import",
    "/operator/audit",
    "/operator/reviews",
    "/operator/privacy",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(307);
    expect(response.headers().location, path).toBe("/operator/login");
  }
  expect((await request.get("/operator/leads/export")).status()).toBe(401);

  const [vendor] = await query<{ id: number; phone: string }>("select id, phone from public.vendors where slug = 'console-edit-rentals'");
  const [submission] = await query<{ id: number }>("select id from public.vendors_submissions where site = 'https://reject-me.example'");
  const ids = actionIds();
  // Each action posted to the page that carries it (Next answers an action only on its own pages).
  const vendorPage = `/operator/vendors/${vendor.id}`;
  const attempts: Array<[string, Record<string, string>, string]> = [
    [ids.setVendorHiddenAction, { id: String(vendor.id), hidden: "true" }, vendorPage],
    [
      ids.updateVendorAction,
      {
        id: String(vendor.id),
        name: "Taken Over",
        phone: "(555) 099-9999",
        site: "",
        email: "",
        street: "",
        description: "",
        photo: "",
        service_zips: "",
      },
      vendorPage,
    ],
    [ids.approveSubmissionAction, { id: String(submission.id) }, "/operator/submissions"],
    [ids.reviewSubmissionAction, { id: String(submission.id), outcome: "duplicate", reason: "" }, "/operator/submissions"],
    [ids.resendRequestAction, { id: "1" }, "/operator/leads/1"],
    [ids.markSpamAction, { id: "1", spam: "true" }, "/operator/leads/1"],
    [ids.moderateReviewAction, { id: "1", outcome: "publish", queue: "pending" }, "/operator/reviews"],
    [ids.erasePersonAction, { phone: "", email: "anyone@example.com" }, "/operator/privacy"],
  ];
  // Without a session cookie a console post is refused before its body is read; with a
  // forged one of the right shape the action itself sends it to the login page.
  for (const [id, fields, path] of attempts) {
    expect((await callAction(request, id, fields, { path })).status()).toBe(401);
  }
  expect(
    (
      await callAction(request, ids.importVendorsAction, { file: "name,website\nx,y" }, { path: "/operator/import", previous: {} })
    ).status(),
  ).toBe(401);
  const forged = { Cookie: `operator_session=${"A".repeat(43)}` };
  for (const [id, fields, path] of attempts) {
    const response = await callAction(request, id, fields, { path, headers: forged });
    expect(response.status()).toBeLessThan(400);
    expect(response.headers()["x-action-redirect"] ?? response.headers().location).toMatch(/^\/operator\/login/);
  }
  const upload = await callAction(
    request,
    ids.importVendorsAction,
    { file: "name,website\nx,y" },
    { path: "/operator/import", previous: {}, headers: forged },
  );
  expect(upload.headers()["x-action-redirect"] ?? upload.headers().location).toMatch(/^\/operator\/login/);
  // Bodies React would not send are refused before any action runs.
  const malformed: Array<Record<string, string>> = [
    { "0": "not json" },
    { "0": '["$Q1"]' },
    { "0": '["$K1"]', stray: "x" },
    { "0": '[{"__proto__":1}]' },
  ];
  for (const multipart of malformed) {
    expect(
      (
        await request.post("/operator/vendors", {
          headers: { "Next-Action": ids.setVendorHiddenAction, Origin: new URL(test.info().project.use.baseURL!).origin, ...forged },
          multipart,
        })
      ).status(),
    ).toBe(400);
  }

  const city = await consoleCity();
  const listing = await (await request.get(`${city.path}/console-edit-rentals`)).text();
  expect(listing).toContain("Console Edit Rentals");
  expect(listing).not.toContain("Taken Over");
});

test("log in: a wrong password is refused, the right one opens the console, logging out ends the session", async ({ page }) => {
  await logIn(page, { ...OPERATOR, password: "not the password" });
  await expect(page.getByTestId("notice")).toHaveText("Wrong email or password.");
  await logIn(page, { email: "nobody@skidsteer.example", password: OPERATOR.password });
  await expect(page.getByTestId("notice")).toHaveText("Wrong email or password.");
  await logIn(page);
  await expect(page).toHaveURL(/\/operator\/leads$/);
  await expect(page.getByTestId("operator-email")).toHaveText(OPERATOR.email);
  const cookie = (await page.context().cookies()).find((c) => c.name === "operator_session");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/operator" });
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByTestId("notice")).toHaveText("You are logged out.");
  await page.goto("/operator/submissions");
  await expect(page).toHaveURL(/\/operator\/login$/);
});

test("login throttling: an attacker's address is held off, the owner gets in from another, unknown emails are answered alike", async ({
  browser,
}) => {
  const [attacker, prober, ownerAddress] = [clientAddress("attacker"), clientAddress("prober"), clientAddress("owner")];
  const from = async (address: string) => (await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": address } })).newPage();
  const answers = async (page: Page, email: string) => {
    const seen: string[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      await logIn(page, { email, password: `wrong ${attempt}` });
      seen.push(await page.getByTestId("notice").innerText());
    }
    await logIn(page, { email, password: LOCKOUT_OPERATOR.password });
    seen.push(await page.getByTestId("notice").innerText());
    return seen;
  };
  const throttled = "Too many failed logins from your connection. Wait a few minutes, then try again.";
  const known = await answers(await from(attacker), LOCKOUT_OPERATOR.email);
  expect(known).toEqual([...Array(5).fill("Wrong email or password."), throttled]);
  expect(await answers(await from(prober), "nobody-here@skidsteer.example")).toEqual(known);

  const owner = await from(ownerAddress);
  await logIn(owner, LOCKOUT_OPERATOR);
  await expect(owner).toHaveURL(/\/operator\/leads$/);
  await owner.goto("/operator/audit");
  const entry = (action: string) =>
    owner
      .getByTestId("audit-table")
      .locator("tr", { hasText: LOCKOUT_OPERATOR.email })
      .filter({ has: owner.getByRole("cell", { name: action, exact: true }) })
      .first();
  await expect(entry("login_throttled")).toContainText(`"address":"${attacker}"`);
  await expect(entry("login")).toContainText(`"address":"${ownerAddress}"`);
});

test("approve a submission: it becomes a listing on its city page and in the sitemap", async ({ page, request }) => {
  const city = await consoleCity();
  const [name, slug] = fixture(["Approve Me Skid Steers", "approve-me-skid-steers"], ["Approve Us Skid Steers", "approve-us-skid-steers"]);
  await logIn(page);
  await page.goto("/operator/submissions");
  const item = page.getByTestId("submission").filter({ hasText: name });
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("notice")).toContainText("Approved");
  await page.goto(city.path);
  const card = page.locator(".vendor-card", { hasText: name });
  await expect(card).toHaveCount(1);
  const href = await card.locator("a").first().getAttribute("href");
  expect(href).toMatch(new RegExp(`^${city.path}/${slug}`));
  const index = await (await request.get("/sitemap.xml")).text();
  const files = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/[^<]+)<\/loc>/g)].map((m) => m[1]);
  const sitemaps = await Promise.all(files.map(async (file) => (await request.get(file)).text()));
  expect(sitemaps.some((xml) => xml.includes(`${href}</loc>`))).toBe(true);
  // Marked New beside its name on the card and the page, not inside the headings' names.
  await expect(card.getByText("New", { exact: true })).toBeVisible();
  await expect(card.getByRole("heading", { name, exact: true })).toBeVisible();
  await page.goto(href!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveAccessibleName(name);
  await expect(page.getByRole("main").getByText("New", { exact: true })).toBeVisible();
  await page.goto("/operator/submissions?status=approved");
  await expect(page.getByTestId("submission").filter({ hasText: name })).toContainText(`approved by ${OPERATOR.email}`);
});

test("reject needs a reason and records it; a website already listed is flagged and cannot be approved", async ({ page }) => {
  const name = fixture("Reject Me Skid Steers", "Reject Us Skid Steers");
  await logIn(page);
  await page.goto("/operator/submissions");
  const reject = page.getByTestId("submission").filter({ hasText: name });
  await reject.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByTestId("notice")).toHaveText("Please give a reason for the rejection");
  await page.getByTestId("submission").filter({ hasText: name }).getByLabel("Reason").fill("Not a rental business");
  await page.getByTestId("submission").filter({ hasText: name }).getByRole("button", { name: "Reject" }).click();
  await expect(page.getByTestId("notice")).toContainText("Rejected");
  await page.goto("/operator/submissions?status=rejected");
  await expect(page.getByTestId("submission").filter({ hasText: name })).toContainText("Not a rental business");

  await page.goto("/operator/submissions");
  const duplicate = page.getByTestId("submission").filter({ hasText: "Hide Rentals Again" });
  await expect(duplicate.getByTestId("duplicate-hint")).toContainText("listing “Console Hide Rentals”");
  await duplicate.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("notice")).toHaveText("A listing with this website already exists");
});

test("edit a vendor's phone: the public page shows it and the audit log records the change", async ({ page }) => {
  const city = await consoleCity();
  await logIn(page);
  await page.goto("/operator/vendors");
  await page.getByLabel("Search by name, city or website").fill("console-edit.example");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByTestId("vendors-table").getByRole("link", { name: "Console Edit Rentals" }).click();
  // A number of this attempt's own, from whatever a first try left.
  const phone = `(555) 010-777${test.info().retry}`;
  const before = await page.getByLabel("Phone").inputValue();
  if (test.info().retry === 0) expect(before).toBe("(555) 010-3001");
  expect(before).not.toBe(phone);
  await page.getByLabel("Phone").fill(phone);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("notice")).toContainText("Saved");
  await page.goto(`${city.path}/console-edit-rentals`);
  await expect(page.getByText(phone).first()).toBeVisible();
  await page.goto("/operator/audit");
  const entry = page.getByTestId("audit-table").locator("tr", { hasText: "edit" }).first();
  await expect(entry).toContainText(OPERATOR.email);
  await expect(entry).toContainText(`"phone":{"to":"${phone}","from":"${before}"}`);
});

test("the listings page by name: Next and Previous walk the pages, the count stops at 1,000", async ({ page }) => {
  await logIn(page);
  await page.goto("/operator/vendors");
  const links = page.getByTestId("vendors-table").locator("tbody tr td:first-child a");
  const ids = async () =>
    (await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).map((href) => Number(href!.split("/").pop()));
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager).toContainText("More than 1,000 in all");
  await expect(pager.getByRole("link", { name: /Previous/ })).toHaveCount(0);
  const first = await ids();
  expect(first).toHaveLength(50);
  await pager.getByRole("link", { name: /Next/ }).click();
  await expect(page).toHaveURL(new RegExp(`after=${first.at(-1)}$`));
  await expect.poll(async () => (await ids()).filter((id) => first.includes(id))).toEqual([]);
  const second = await ids();
  await pager.getByRole("link", { name: /Previous/ }).click();
  await expect(page).toHaveURL(new RegExp(`before=${second[0]}$`));
  await expect.poll(ids).toEqual(first);
});

test("hide a vendor: it leaves its city page and its page goes to the city", async ({ page }) => {
  const city = await consoleCity();
  const [name, slug] = fixture(["Console Hide Rentals", "console-hide-rentals"], ["Console Hide Too Rentals", "console-hide-too-rentals"]);
  await page.goto(city.path);
  await expect(page.locator(".vendor-card", { hasText: name })).toHaveCount(1);
  await logIn(page);
  await page.goto(`/operator/vendors?q=${encodeURIComponent(name)}`);
  await page.getByTestId("vendors-table").getByRole("link", { name }).click();
  await page.getByRole("button", { name: "Hide listing" }).click();
  await expect(page.getByTestId("notice")).toContainText("Hidden");
  await page.goto(city.path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator(".vendor-card", { hasText: name })).toHaveCount(0);
  const response = await page.request.get(`${city.path}/${slug}`, { maxRedirects: 0 });
  expect(response.status()).toBe(307);
  expect(response.headers().location).toBe(city.path);
});

test("import a CSV: a dry run writes nothing, the import creates listings, importing it again changes nothing", async ({ page }) => {
  const city = await consoleCity();
  const [{ name: cityName, code: stateCode }] = await query<{ name: string; code: string }>(
    "select c.name, st.code from public.cities c join public.states st on st.id = c.state_id where st.slug = $1 and c.slug = $2",
    [city.state, city.city],
  );
  // Names and websites of this attempt's own: a first try may have imported its rows.
  const r = `R${test.info().retry}`;
  const csv = [
    "Name,Website,Phone,Email,Street,City,State,ZIP,Description,Rating,Service ZIPs",
    `Imported Loader Co ${r},https://imported-loader-${r}.example,(555) 010-5001,quotes@imported-loader-${r}.example,1 Import Road,${cityName},${stateCode},${city.zip},"Skid steers, by the day",4.5,`,
    `Second Import Rentals ${r},www.second-import-${r}.example/,(555) 010-5002,,2 Import Road,${cityName},${stateCode},${city.zip},,,${city.zip}`,
    `Broken Row,not a website,(555) 010-5003,,3 Import Road,${cityName},${stateCode},${city.zip},,,`,
  ].join("\n");
  const upload = async (dryRun: boolean) => {
    await page.getByLabel("CSV file").setInputFiles({ name: "vendors.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByLabel("Dry run (write nothing)").setChecked(dryRun);
    await page.getByRole("button", { name: "Import" }).click();
  };
  await logIn(page);
  await page.goto("/operator/import");
  await upload(true);
  await expect(page.getByTestId("import-summary")).toHaveText("Dry run: 2 created, 0 updated, 0 unchanged, 1 rejected");
  await expect(page.getByRole("row", { name: /Broken Row/ })).toContainText("website is missing or not a URL");
  await upload(false);
  await expect(page.getByTestId("import-summary")).toHaveText("2 created, 0 updated, 0 unchanged, 1 rejected");
  await upload(false);
  await expect(page.getByTestId("import-summary")).toHaveText("0 created, 0 updated, 2 unchanged, 1 rejected");
  await page.goto(city.path);
  await expect(page.locator(".vendor-card", { hasText: `Imported Loader Co ${r}` })).toHaveCount(1);
  await expect(page.locator(".vendor-card", { hasText: `Second Import Rentals ${r}` })).toHaveCount(1);
});

test("leads inbox: filter by ZIP, every field and delivery on the lead's page, resend, spam leaves the reports, CSV export", async ({
  page,
  request,
}) => {
  const city = await consoleCity();
  const ids = actionIds();
  const marker = `Inbox Probe ${Date.now()}`;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const [start, end] = [day(10), day(13)];
  const started = await callAction(request, ids.startRequest, '[{"vendorId":null}]');
  const leadId = Number(/"leadId":(\d+)/.exec(await started.text())?.[1]);
  const completed = await callAction(
    request,
    ids.completeRequest,
    await dialogCompletion(request, ids.estimateRequest, {
      leadId,
      vendorId: null,
      widen: false,
      skid_steer_type: "tracked",
      rental_start_date: start,
      rental_end_date: end,
      job_zip: city.zip,
      name: marker,
      phone: "(555) 010-6001",
    }),
  );
  expect(completed.status()).toBe(200);

  await test.step("a completed request is found by its ZIP, with every field and its delivery on its page", async () => {
    await logIn(page);
    await page.goto(`/operator/leads?zip=${city.zip}`);
    await page
      .getByTestId("leads-table")
      .getByRole("link", { name: String(leadId), exact: true })
      .click();
    const fields = page.getByTestId("lead-fields");
    for (const text of [marker, "(555) 010-6001", city.zip, "tracked", start, end]) await expect(fields).toContainText(text);
    await expect(page.getByTestId("lead-message").first()).toContainText(/Email to .+: (sent|pending|sending|failed)/);
    await expect(page.getByTestId("lead-message").first()).toContainText(/sent via|failed:/, { timeout: 15_000 });
  });

  await test.step("resend queues its messages again", async () => {
    await page.getByRole("button", { name: "Resend" }).click();
    await expect(page.getByTestId("notice")).toContainText("being sent again");
  });

  await test.step("the CSV export holds it", async () => {
    const csv = await (await page.request.get(`/operator/leads/export?zip=${city.zip}`)).text();
    expect(csv.split("\n")[0]).toBe("id,completed_at,name,phone,job_zip,machine,start,end,days,vendor_page,recipients,delivery,spam");
    expect(csv).toContain(`${leadId},`);
    expect(csv).toContain(marker);
  });

  await test.step("bad input from a signed-in operator gets a message, never a server error", async () => {
    // Bad input from a signed-in operator gets a message, never a server error.
    expect((await page.request.get(`/operator/leads?from=2026-02-30&to=x&vendor=abc&delivery=lost`)).status()).toBe(200);
    const badId = await callAction(page.request, ids.resendRequestAction, { id: "not-a-number" }, { path: `/operator/leads/${leadId}` });
    expect(badId.status()).toBeLessThan(400);
    expect(badId.headers()["x-action-redirect"]).toContain("error=no-record");
  });

  await test.step("marked as spam, it leaves the inbox and the reports", async () => {
    await page.getByRole("button", { name: "Mark as spam" }).click();
    await expect(page.getByTestId("notice")).toContainText("Marked as spam");
    await page.goto(`/operator/leads?zip=${city.zip}`);
    await expect(page.getByTestId("leads-table").getByRole("link", { name: String(leadId), exact: true })).toHaveCount(0);
    await page.goto(`/operator/leads?zip=${city.zip}&spam=only`);
    await expect(page.getByTestId("leads-table").getByRole("link", { name: String(leadId), exact: true })).toHaveCount(1);
    expect((await operatorRows<LeadRow>(request, "leads", 5000)).some((lead) => lead.id === leadId)).toBe(false);
  });
});
