import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PrintableBill } from "@/components/rental/printable-bill";
import { statusKey } from "@/lib/auth/status-link";
import { recordId } from "@/lib/platform/record-id";
import { requestStatus } from "@/lib/requests/status";

// The renter's final bill, to print: private like the request's page, never indexed.
export const metadata: Metadata = { title: "Your Final Bill", robots: { index: false, follow: false } };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RenterBillPage({ params, searchParams }: Props) {
  const id = recordId((await params).id);
  const lead = id === null ? null : await requestStatus(id, statusKey((await searchParams).key));
  const rental = lead?.booking;
  if (!lead || !rental?.billed_at) notFound();
  const vendor = lead.recipients.find((r) => r.vendor_id === rental.vendor_id)?.vendor_name ?? "";
  return <PrintableBill id={lead.id} vendorName={vendor} rental={rental} />;
}
