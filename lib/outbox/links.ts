import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { linkUrl, oneClickOptOutUrl, quotePagePath } from "../auth/links";
import { hashToken, newToken } from "../auth/token";
import { callWith } from "../data/rpc";
import type { ClaimedLead, ClaimedVendor } from "./rows";
import type { LeadEmailLinks } from "./templates/lead";

// The emailed links are made as their email is rendered, and only their tokens' hashes are
// stored: the outbox keeps no token.

/** The links of a vendor's copy of a request; its claim link only while the listing can be claimed. */
export async function leadLinks(lead: ClaimedLead, vendor: ClaimedVendor, site: string, client: SupabaseClient): Promise<LeadEmailLinks> {
  const [contacted, optOut, claim, quote] = [newToken(), newToken(), newToken(), newToken()];
  const stored = await callWith(
    client,
    "lead_email_links",
    {
      p_lead_id: lead.id,
      p_vendor_id: vendor.id,
      p_contacted_hash: hashToken(contacted),
      p_opt_out_hash: hashToken(optOut),
      p_claim_hash: hashToken(claim),
      p_quote_hash: hashToken(quote),
    },
    z.object({ claim: z.boolean() }),
  );
  return {
    contacted: linkUrl(site, "lead_contacted", contacted),
    quote: `${site}${quotePagePath(quote)}`,
    optOut: linkUrl(site, "opt_out", optOut),
    unsubscribe: oneClickOptOutUrl(site, optOut),
    claim: stored.claim ? linkUrl(site, "claim", claim) : null,
  };
}

/** A new link to the request's status page for its renter, stored for 90 days. */
export async function statusLink(lead: ClaimedLead, site: string, client: SupabaseClient): Promise<string> {
  const token = newToken();
  await callWith(client, "renter_status_link", { p_lead_id: lead.id, p_token_hash: hashToken(token) });
  return `${site}/requests/${lead.id}?${new URLSearchParams({ key: token })}`;
}

/** The message's sign-in or claim link, stored for its recipient; null when it would no longer work. */
export async function messageLink(
  messageId: number,
  purpose: "sign_in" | "claim",
  site: string,
  client: SupabaseClient,
): Promise<string | null> {
  const token = newToken();
  const stored = await callWith(client, "outbox_link", { p_message_id: messageId, p_token_hash: hashToken(token) });
  return stored ? linkUrl(site, purpose, token) : null;
}
