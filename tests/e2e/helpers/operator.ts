import type { APIRequestContext, Page } from "@playwright/test";

/** The operator accounts tests/e2e/prepare-db.ts creates: one to work with, one to lock out. */
export const OPERATOR = { email: "operator@skidsteer.example", password: "correct horse battery staple" };
export const LOCKOUT_OPERATOR = { email: "lockout@skidsteer.example", password: "correct horse battery staple" };

/** Logs in to the console through its form, and waits for the inbox or the refusal. */
export async function logIn(page: Page, account = OPERATOR) {
  await page.goto("/operator/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/\/operator\/(leads$|login\?error=)/);
}

/** The token playwright.config.ts starts the server with. */
const OPERATOR_TOKEN = "e2e-operator-token";

/** Rows the server wrote, read back through the operator endpoint (service role). */
export async function operatorRows<T>(request: APIRequestContext, report: "leads" | "submissions", limit = 500): Promise<T[]> {
  const response = await request.get(`/api/operator/${report}?limit=${limit}`, {
    headers: { Authorization: `Bearer ${OPERATOR_TOKEN}` },
  });
  if (!response.ok()) throw new Error(`operator ${report}: ${response.status()}`);
  return response.json();
}

export interface LeadRow {
  id: number;
  vendor_id: number | null;
  vendor_name: string | null;
  step: number;
  location: string;
  name: string;
  phone: string;
  skid_steer_type: string | null;
  rental_days: number;
  rental_start_date: string | null;
  rental_end_date: string | null;
  completed: boolean;
  recipients: Array<{
    vendor_id: number;
    vendor_name: string;
    reason: string;
    rank: number;
    status: string | null;
    response_hours: number | null;
  }>;
  messages: Array<{ vendor_id: number | null; channel: string; status: string; attempts: number }>;
}

export interface SubmissionRow {
  name: string;
  name_for_emails: string;
  site: string;
  phone: string;
  full_address: string;
  street: string;
  city: string;
  postal_code: string;
  state: string;
  cid: string;
}
