"use server";
import { redirect } from "next/navigation";
import { z } from "zod";
import { attempt, serviceRpc } from "../data/rpc";
import { hashToken } from "../auth/token";
import { clientKey } from "../platform/request";
import { recordId } from "../platform/record-id";
import { ownerToken } from "../rental/owner";
import { requestStatusPath, statusKey } from "../rental/status-link";
import { reviewErrorCode } from "./messages";
import { MAX_REVIEW_LENGTH } from "./types";

const reviewSchema = z.object({
  stars: z.coerce.number().int().min(1).max(5),
  body: z.string().max(MAX_REVIEW_LENGTH),
  edit: z.enum(["0", "1"]),
});

/**
 * The renter writes or edits their review of a vendor from their request's status page
 * (this browser's request, or opened by the emailed status link, whose key the form
 * carries). The database checks who may review what; the page shows its answer by code.
 */
export async function saveReviewAction(form: FormData): Promise<void> {
  const [lead, vendor] = [recordId(form.get("lead_id")), recordId(form.get("vendor_id"))];
  if (lead === null || vendor === null) redirect("/requests");
  const key = statusKey(form.get("key"));
  const path = requestStatusPath(lead, key);
  function back(params: Record<string, string>): never {
    redirect(`${path}${path.includes("?") ? "&" : "?"}${new URLSearchParams({ ...params, vendor: String(vendor) })}#vendor-${vendor}`);
  }
  const parsed = reviewSchema.safeParse({ stars: form.get("stars"), body: form.get("body") ?? "", edit: form.get("edit") });
  if (!parsed.success) {
    back({ error: parsed.error.issues.some((issue) => issue.path[0] === "body") ? "too-long" : "review-stars" });
  }
  const saved = await attempt(async () =>
    serviceRpc("renter_review_save", {
      p_lead_id: lead,
      p_vendor_id: vendor,
      p_owner_token: await ownerToken(false),
      p_link_hash: key && hashToken(key),
      p_client_key: await clientKey(),
      p_stars: parsed.data.stars,
      p_body: parsed.data.body,
      p_edit: parsed.data.edit === "1",
    }),
  );
  back(saved.ok ? { notice: "review-saved" } : { error: reviewErrorCode(saved.refusal) });
}
