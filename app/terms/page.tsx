import type { Metadata } from "next";
import { StaticPage } from "@/components/content/static-page";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "Terms & Conditions",
  description: "The terms for using the Skid Steer Rentals directory.",
  path: "/terms",
});

export default function TermsPage() {
  return (
    <StaticPage title="Terms & Conditions">
      <p>By using this site you agree to these terms.</p>
      <h2>The directory</h2>
      <p>
        Listings, ratings and model specifications are provided for information. We do our best to keep them accurate but cannot guarantee
        them: confirm availability, rates and specifications with the vendor before you rent.
      </p>
      <h2>Rental requests</h2>
      <p>A rental request is not a booking. The vendor contacts you with a quote, and any rental contract is between you and the vendor.</p>
      <h2>Acceptable use</h2>
      <p>Do not submit false information, other people&apos;s contact details, or automated requests.</p>
    </StaticPage>
  );
}
