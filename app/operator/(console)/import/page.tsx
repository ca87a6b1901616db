import { ImportForm } from "@/components/operator/import-form";
import { OPTIONAL_COLUMNS, REQUIRED_COLUMNS } from "@/lib/listings/import";
import { requireOperator } from "@/lib/auth/operator-session";

export default async function ImportVendors() {
  await requireOperator();
  return (
    <section aria-labelledby="import-heading">
      <h1 id="import-heading" className="text-2xl font-extrabold">
        Import vendors
      </h1>
      <p className="mt-2 max-w-3xl text-sm text-ink-700">
        A CSV with a header row: {REQUIRED_COLUMNS.join(", ")}; optionally {OPTIONAL_COLUMNS.join(", ")}. Each row creates a listing, or
        updates the one with the same website (compared without case, scheme, “www.” or trailing slash). Importing the same file again
        changes nothing. Service ZIPs default to the city&apos;s ZIP codes.
      </p>
      <ImportForm />
    </section>
  );
}
