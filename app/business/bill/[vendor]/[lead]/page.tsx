import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PrintableBill } from "@/components/rental/printable-bill";
import { requireBusiness } from "@/lib/auth/business-session";
import { recordId } from "@/lib/platform/record-id";
import { businessRental } from "@/lib/requests/data";

export const metadata: Metadata = { title: "Final Bill", robots: { index: false, follow: false } };

type Props = { params: Promise<{ vendor: string; lead: string }> };

/** A booked rental's final bill, to print, for the booked vendor's managers only. */
export default async function BusinessBillPage({ params }: Props) {
  const email = await requireBusiness();
  const { vendor, lead } = await params;
  const [vendorId, leadId] = [recordId(vendor), recordId(lead)];
  const found = vendorId === null || leadId === null ? null : await businessRental(email, vendorId, leadId);
  if (!found?.rental?.billed_at) notFound();
  return <PrintableBill id={found.id} vendorName={found.vendor_name} rental={found.rental} />;
}
