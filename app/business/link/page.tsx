import type { Metadata } from "next";
import { Button } from "@/components/ui/button";
import { followLinkAction } from "@/lib/accounts/actions";
import type { LinkPurpose } from "@/lib/auth/links";

export const metadata: Metadata = { title: "Your Listing" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const PAGES: Record<LinkPurpose, { title: string; button: string }> = {
  sign_in: { title: "Sign in", button: "Sign in and manage my listing" },
  claim: { title: "Claim your listing", button: "Claim and manage my listing" },
  lead_contacted: { title: "You contacted this customer", button: "Mark the request as contacted" },
  opt_out: { title: "Stop sending me requests", button: "Stop sending me rental requests" },
};

// An emailed link opens this page and is used only by the click on it: mail scanners that
// open links do not spend a single-use token or stop a vendor's requests.
export default async function LinkPage({ searchParams }: Props) {
  const { token, purpose } = await searchParams;
  const kind: LinkPurpose = typeof purpose === "string" && Object.hasOwn(PAGES, purpose) ? (purpose as LinkPurpose) : "sign_in";
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight">{PAGES[kind].title}</h1>
      <form action={followLinkAction} className="mt-6">
        <input type="hidden" name="token" value={typeof token === "string" ? token : ""} />
        <input type="hidden" name="purpose" value={kind} />
        <Button type="submit">{PAGES[kind].button}</Button>
      </form>
    </>
  );
}
