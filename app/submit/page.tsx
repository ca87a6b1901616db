import type { Metadata } from "next";
import { SubmitBusinessForm } from "@/components/submit/submit-business-form";
import { CACHE_TAGS } from "@/lib/data/cache-tags";
import { cachedRpc } from "@/lib/data/rpc";
import { pageMetadata } from "@/lib/seo";
import { namedPlaceSchema } from "@/lib/listings/types";
import { z } from "zod";

export const revalidate = 300;

export const metadata: Metadata = pageMetadata({
  title: "Submit Your Business",
  description: "List your skid steer rental business in the directory: send us your details for review.",
  path: "/submit",
});

export default async function SubmitPage() {
  const states = await cachedRpc(CACHE_TAGS.places, "us_states", {}, z.array(namedPlaceSchema));
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-extrabold tracking-tight">Submit Your Business</h1>
      <p className="mt-2 text-ink-700">Rent out skid steers? Tell us about your business and we will review it for the directory.</p>
      <SubmitBusinessForm states={states} />
    </div>
  );
}
