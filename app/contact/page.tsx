import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { StaticPage } from "@/components/content/static-page";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "Contact Us",
  description: "How to reach the Skid Steer Rentals team.",
  path: "/contact",
});

export default function ContactPage() {
  return (
    <StaticPage title="Contact Us">
      <p>We read every message and answer within two business days.</p>
      <h2>Ways to reach us</h2>
      <ul>
        <li>
          Email: <a href="mailto:hello@skidsteer-rentals.example">hello@skidsteer-rentals.example</a>
        </li>
        <li>
          Listing corrections and removals: <a href="mailto:listings@skidsteer-rentals.example">listings@skidsteer-rentals.example</a>
        </li>
        <li>
          Privacy requests: <a href="mailto:privacy@skidsteer-rentals.example">privacy@skidsteer-rentals.example</a>
        </li>
      </ul>
      <h2>Need a machine?</h2>
      <p>
        For rental quotes, use the Book a Skid Steer button: your request goes straight to a vendor. To list your own rental business,{" "}
        <Link href="/submit">submit it here</Link>.
      </p>
    </StaticPage>
  );
}
