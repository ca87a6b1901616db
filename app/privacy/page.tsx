import type { Metadata } from "next";
import { StaticPage } from "@/components/content/static-page";
import { retentionPeriods } from "@/lib/privacy/periods";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "Privacy Policy",
  description: "What Skid Steer Rentals stores about you and why.",
  path: "/privacy",
});

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

export default function PrivacyPage() {
  const periods = retentionPeriods();
  return (
    <StaticPage title="Privacy Policy">
      <p>We collect as little as we can. This page lists everything the site stores.</p>
      <h2>Rental requests</h2>
      <p>
        When you open the rental request form we store a draft with the machine type, dates, name and phone number as you enter them, the
        vendor you chose, and a hashed form of your network address used only to limit abuse. Completed requests are sent to the rental
        vendors so they can contact you.
      </p>
      <p>
        If you give your email address in the last step, we email you one copy of your request: what you asked for, which vendors received
        it with their phone numbers, and a link to its status page. We use the address for nothing else than this copy and one invitation to
        review the vendors once one has contacted you or your rental has started. The link works for 90 days; we store only a hashed form of
        it.
      </p>
      <h2>Reviews</h2>
      <p>
        A review you write of a vendor is kept with the request it is about. Once our team publishes it, anyone can read its stars, its
        text, your first name and initial, the month of your request and the machine type; your full name, phone number, email address and
        the request itself are never shown. The vendor may reply to it publicly.
      </p>
      <h2>What we keep, and for how long</h2>
      <ul data-testid="retention">
        <li>A request you started but did not send: deleted {plural(periods.draftDays, "day")} after you last changed it.</li>
        <li>
          Your requests (machine, dates, name, phone, job site ZIP and, if you gave it, your email address), and which vendors received
          them: {plural(periods.personalMonths, "month")} after you send them, your name, phone number, email address and network address
          are erased from them. What remains (machine, dates, job site ZIP and vendors) cannot identify you and keeps our counts and the
          vendors&apos; response times true.
        </li>
        <li>
          The emails we send you and the vendors about a request: their contents and addresses are erased {plural(periods.sentDays, "day")}{" "}
          after they are sent.
        </li>
        <li>
          Sign-in, claim and status links once they have expired, and the records that limit abuse from one network address: deleted{" "}
          {plural(periods.expiredDays, "day")} after they lapse.
        </li>
        <li>
          The cookie lead_owner: 30 days. It holds a random secret (we store only its hash) that lets only your browser see, list and
          withdraw your own requests under &quot;Your requests&quot;.
        </li>
        <li>The cookie requests_made: 30 days. It only tells the site to show the &quot;Your requests&quot; link; it holds no data.</li>
        <li>The status link in your copy: 90 days.</li>
      </ul>
      <h2>Business submissions</h2>
      <p>
        When you submit a business we store the business name, website, phone, address, state, city and ZIP code you enter, plus a hashed
        network address to limit repeated submissions.
      </p>
      <h2>Analytics</h2>
      <p>We count page views and clicks with Vercel Web Analytics, which does not use cookies and does not identify you.</p>
      <h2>Your choices</h2>
      <p>
        Once your rental has ended, or if you withdrew your request, its status page has &quot;Delete my request&quot;: it erases your name,
        phone number and email address from the request, and your reviews of it, at once.
      </p>
      <p>
        To see or delete everything we hold for your phone number or email address, write to privacy@skidsteer-rentals.example: we answer
        within 7 days, and erase your requests, reviews and the emails about them in one go.
      </p>
    </StaticPage>
  );
}
