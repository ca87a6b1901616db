import type { Metadata } from "next";
import { StaticPage } from "@/components/content/static-page";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({ title: "Privacy Policy", description: "What Skid Steer Rentals stores about you and why.", path: "/privacy" });

export default function PrivacyPage() {
  return (
    <StaticPage title="Privacy Policy">
      <p>We collect as little as we can. This page lists everything the site stores.</p>
      <h2>Rental requests</h2>
      <p>When you open the rental request form we store a draft with the machine type, dates, name and phone number as you enter them, the vendor you chose, and a hashed form of your network address used only to limit abuse. A cookie (lead_owner) lets only your browser change your own request. Completed requests are sent to the rental vendor so they can contact you.</p>
      <h2>Business submissions</h2>
      <p>When you submit a business we store the business name, website, phone, address, state, city and ZIP code you enter, plus a hashed network address to limit repeated submissions.</p>
      <h2>Analytics</h2>
      <p>We count page views and clicks with Vercel Web Analytics, which does not use cookies and does not identify you.</p>
      <h2>Your choices</h2>
      <p>Ask us to see or delete your data at privacy@skidsteer-rentals.example.</p>
    </StaticPage>
  );
}
