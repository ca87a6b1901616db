import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { StaticPage } from "@/components/content/static-page";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "About Skid Steer Rentals",
  description: "Who we are and how our skid steer rental directory works.",
  path: "/about",
});

export default function AboutPage() {
  return (
    <StaticPage title="About Us">
      <p>
        Skid Steer Rentals helps contractors, landscapers, farmers and homeowners find a skid steer or compact track loader to rent near
        their job site.
      </p>
      <h2>What we do</h2>
      <ul>
        <li>List rental vendors by state and city, with their address, phone number and website.</li>
        <li>Publish model specifications so you can compare machines before you call.</li>
        <li>Pass your rental request to a vendor, free of charge, so you get a quote without phoning around.</li>
      </ul>
      <h2>For rental vendors</h2>
      <p>
        Rent out skid steers? <Link href="/submit">Submit your business</Link> and we will review it for the directory.
      </p>
    </StaticPage>
  );
}
