import { email, link, markup, type Email } from "./layout";

const INTRO = "Open this link to sign in and manage your listing:";
const OUTRO = "The link works once, for 30 minutes. If you did not ask for it, ignore this email.";

/** A business's sign-in link. */
export function signInEmail(signIn: string): Email {
  return email({
    subject: "Your sign-in link for Skid Steer Rentals",
    text: [INTRO, "", signIn, "", OUTRO],
    html: [markup`<p>${INTRO}</p>`, markup`<p>${link(signIn, signIn)}</p>`, markup`<p>${OUTRO}</p>`],
  });
}
