import type { Metadata } from "next";
import { Button } from "@/components/ui/button";
import { followLinkAction } from "@/lib/business/actions";

export const metadata: Metadata = { title: "Sign In" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// An emailed link opens this page and is used only by the click on it: mail scanners that
// open links do not spend the single-use token.
export default async function LinkPage({ searchParams }: Props) {
  const { token, purpose } = await searchParams;
  const claim = purpose === "claim";
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight">{claim ? "Claim your listing" : "Sign in"}</h1>
      <form action={followLinkAction} className="mt-6">
        <input type="hidden" name="token" value={typeof token === "string" ? token : ""} />
        <input type="hidden" name="purpose" value={claim ? "claim" : "sign_in"} />
        <Button type="submit">{claim ? "Claim and manage my listing" : "Sign in and manage my listing"}</Button>
      </form>
    </>
  );
}
