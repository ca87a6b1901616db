import "server-only";
import type { z } from "zod";
import type { BusinessNotice } from "../messages/business";
import { anyone, formAction, formField, type ErrorCodes } from "../platform/action";

/** The catalogue of an audience's pages: the notices its actions go back with, and its words for refusals. */
type Catalog<Notice extends string> = ErrorCodes & { notices: Record<Notice, string> };
import { requireBusiness } from "./business-session";
import { requireOperator } from "./operator-session";
import { renter } from "./renter";

/**
 * The action clients: one per audience, each a form action on the one action shape
 * (lib/platform/action.ts) with its audience filled in. A feature's actions say who may run
 * them by the client they are built with, and which words its pages have by the feature's
 * catalogue for that audience.
 */
type Steps<S extends z.core.$ZodType, Who, Data, Notice extends string> = Omit<
  Parameters<typeof formAction<S, Who, Data, Notice>>[1],
  "audience"
>;

/** Anyone: a visitor of the business pages (signing in, claiming, following an emailed link). */
export const visitorAction = <S extends z.core.$ZodType, Data, Notice extends string>(
  catalog: Catalog<Notice>,
  steps: Steps<S, null, Data, Notice>,
) => formAction(catalog, { audience: anyone, ...steps });

/** The renter: this browser's owner token (null when it made no request), or the emailed status link the form carries. */
export const renterAction = <S extends z.core.$ZodType, Data, Notice extends string>(
  catalog: Catalog<Notice>,
  steps: Steps<S, string | null, Data, Notice>,
) => formAction(catalog, { audience: renter, ...steps });

/** A signed-in business, by its email; anyone else is sent to the sign-in page and changes nothing. */
export const businessAction = <S extends z.core.$ZodType, Data, Notice extends string>(
  catalog: Catalog<Notice>,
  steps: Omit<Steps<S, string, Data, Notice>, "home">,
) => formAction(catalog, { audience: requireBusiness, home: "/business", ...steps });

/** A signed-in operator, by its email; anyone else is sent to the console's login page and changes nothing. */
export const operatorAction = <S extends z.core.$ZodType, Data, Notice extends string>(
  catalog: Catalog<Notice>,
  steps: Steps<S, string, Data, Notice>,
) => formAction(catalog, { audience: requireOperator, ...steps });

/** The business dashboard as a business action goes back to it: with a notice, at a listing's or a request's anchor. */
export const dashboard = (notice: BusinessNotice, anchor = "") => ({ page: "/business", notice, anchor });

/** A listing's id in a business form; an unknown one is refused as no such listing. */
export const vendorId = formField.id("no-listing");
