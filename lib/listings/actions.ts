"use server";
import { z } from "zod";
import { businessAction, dashboard, operatorAction, vendorId } from "../auth/audiences";
import { requireOperator } from "../auth/operator-session";
import { serviceRpc } from "../data/rpc";
import { businessCatalog } from "../messages/business";
import { consoleCatalog } from "../messages/console";
import { clientAction, formField, recordPage, refuse } from "../platform/action";
import { withRateCard } from "../prices/rate-card-form";
import { ImportFileError, importSummary, importVendors, parseVendorCsv } from "./import";
import { MAX_IMPORT_BYTES } from "./import-limits";
import { listingFormSchema } from "./listing-form";
import {
  reviewChange,
  setLeadsPaused,
  setListingRateCard,
  setVendorHidden,
  setVendorRateCard,
  updateListing,
  updateVendor,
} from "./manage";
import { refreshListingPages } from "./revalidate";

const id = formField.id();
const vendorHome = recordPage("/operator/vendors");

/** A business's edit of a listing it manages; public at once. */
export const updateListingAction = businessAction(businessCatalog, {
  input: listingFormSchema.extend({ vendor_id: vendorId }),
  invalid: "too-long",
  call: ({ vendor_id: vendor, ...changes }, email) => updateListing(email, vendor, changes),
  done: () => refreshListingPages(),
  back: (listing, saved) => dashboard(saved?.pending ? "saved-pending" : "saved", `#listing-${listing.vendor_id}`),
});

/** A business's rate card for a listing it manages (or its removal); public at once. */
export const setRateCardAction = businessAction(businessCatalog, {
  input: withRateCard({ vendor_id: vendorId }),
  invalid: "no-listing",
  call: (listing, email) => setListingRateCard(email, listing.vendor_id, listing.card),
  done: () => refreshListingPages(),
  back: (listing) => dashboard("rates-saved", `#rates-${listing.vendor_id}`),
});

/** Stops, or resumes, a listing's rental requests. */
export const setLeadsPausedAction = businessAction(businessCatalog, {
  input: z.object({ vendor_id: vendorId, paused: formField.flag() }),
  invalid: "no-listing",
  call: (listing, email) => setLeadsPaused(email, listing.vendor_id, listing.paused),
  // The listing's page says whether it takes requests.
  done: () => refreshListingPages(),
  back: (listing) => dashboard(listing.paused ? "opted-out" : "opted-in", `#listing-${listing.vendor_id}`),
});

export const updateVendorAction = operatorAction(consoleCatalog, {
  input: listingFormSchema.extend({ id }),
  invalid: "too-long",
  home: vendorHome,
  call: ({ id: vendor, ...changes }, operator) => updateVendor(vendor, changes, operator),
  done: () => refreshListingPages(),
  back: (vendor) => ({ page: `/operator/vendors/${vendor.id}`, notice: "saved" }),
});

export const setVendorHiddenAction = operatorAction(consoleCatalog, {
  input: z.object({ id, hidden: formField.flag() }),
  invalid: "no-record",
  home: vendorHome,
  call: (vendor, operator) => setVendorHidden(vendor.id, vendor.hidden, operator),
  done: () => refreshListingPages(),
  back: (vendor) => ({ page: `/operator/vendors/${vendor.id}`, notice: vendor.hidden ? "hidden" : "listed" }),
});

/** The operator's edit of a vendor's rate card (or its removal); public at once. */
export const setVendorRateCardAction = operatorAction(consoleCatalog, {
  input: withRateCard({ id }),
  invalid: "no-record",
  home: vendorHome,
  call: (vendor, operator) => setVendorRateCard(vendor.id, vendor.card, operator),
  done: () => refreshListingPages(),
  back: (vendor) => ({ page: `/operator/vendors/${vendor.id}`, notice: "rates-saved" }),
});

/** Approves or rejects a new name or website a business asked for. */
export const reviewChangeAction = operatorAction(consoleCatalog, {
  input: z.object({ id, approve: formField.flag() }),
  invalid: "no-record",
  home: "/operator/claims",
  call: (change, operator) => reviewChange(change.id, change.approve, "", operator),
  done: (_none, change) => (change.approve ? refreshListingPages() : undefined),
  back: (change) => ({ page: "/operator/claims", notice: change.approve ? "change-approved" : "change-rejected" }),
});

async function readVendorCsv(file: File) {
  try {
    return parseVendorCsv(await file.text());
  } catch (error) {
    if (error instanceof ImportFileError) refuse(error.problem.code, error.problem.values);
    throw error;
  }
}

/**
 * A CSV of vendors, each row's outcome answered as a code. The file is read here: a CSV that
 * cannot be read is refused with its problem's code and the missing columns, if any.
 */
export const importVendorsAction = clientAction("Vendor import", {
  audience: requireOperator,
  input: z.object({
    file: z.instanceof(File, { error: "import-file" }).refine((file) => file.size > 0, { error: "import-file" }),
    dry_run: formField.checkbox(),
  }),
  invalid: "import-file",
  call: async ({ file, dry_run: dryRun }, operator) => {
    if (file.size > MAX_IMPORT_BYTES) refuse("import-too-large");
    const rows = await readVendorCsv(file);
    const outcome = await importVendors(serviceRpc, rows, { dryRun, operator });
    if (outcome.stoppedAt) console.error(`Vendor import stopped at row ${outcome.stoppedAt.row}:`, outcome.stoppedAt.message);
    return outcome;
  },
  done: ({ results, stoppedAt }, { dry_run: dryRun }) => {
    const summary = importSummary(results);
    if (!dryRun && summary.created + summary.updated > 0) refreshListingPages();
    return { dryRun, results, summary, stoppedAtRow: stoppedAt?.row ?? null };
  },
});
