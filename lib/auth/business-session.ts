import "server-only";
import { cache } from "react";
import { redirect } from "next/navigation";
import { BUSINESS_SESSION } from "./roles";
import { sessionSubject } from "./session";

/** The signed-in business's email, or null. Checked against the database once per request. */
export const currentBusiness = cache((): Promise<string | null> => sessionSubject(BUSINESS_SESSION));

/** The signed-in business's email; anyone else is sent to the sign-in page. */
export async function requireBusiness(): Promise<string> {
  const email = await currentBusiness();
  if (!email) redirect("/business");
  return email;
}
