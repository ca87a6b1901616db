import { messageCatalog } from "./catalog";
import type { RefusalTexts } from "../data/refusals";
import { PHOTO_ERRORS, PHOTO_REFUSALS } from "./rental";

/** What a request's status page says after the renter books a quote, cancels the booking, withdraws or deletes it, by code. */
const NOTICES = {
  booked:
    "Booked. The vendor has your details and will confirm a delivery window; you both have the rental in your email, with a calendar invitation.",
  arrived: "Thank you: the machine is marked arrived.",
  "problem-reported": "Your report is sent to the vendor, and our team can see it.",
  "extension-asked": "Your extension is asked: the vendor accepts or declines it, and you are told.",
  "called-off":
    "The rental is called off: rent stops now. Keep the call-off number below; the vendor is told and will pick the machine up.",
  "line-accepted": "Thank you: the line is accepted.",
  "line-disputed": "Your dispute is sent to the vendor, and our team can see it with its evidence.",
  cancelled: "Your booking is cancelled, and the vendor is told.",
} as const;

const REFUSALS: RefusalTexts = {
  "no-request": "This rental request was not found from this browser.",
  "no-quote": "This quote was not found.",
  "already-booked": "This request is already booked: a request can be booked once.",
  "quote-closed": "This quote was replaced or withdrawn by the vendor: book its latest quote instead.",
  "quote-expired": "This quote has expired: ask the vendor for a new one.",
  "request-withdrawn": "This request was withdrawn, so it cannot be booked.",
  "request-booked": "This request is booked: to call it off, cancel the booking below, and the vendor is told.",
  "request-cancelled": "This request's booking was cancelled, and a request is booked once: send a new request to book again.",
  "rental-over": "This rental is over: there is nothing left to change.",
  "delete-too-early": "A request can be deleted once its rental has ended, it was withdrawn or its booking was cancelled.",
  "no-booking": "This request has no booking to cancel.",
  "rental-started": "A booking can be cancelled until the day the rental starts: please call the vendor.",
  "reason-missing": "Please say why you are cancelling.",
  "too-long": "A field is too long: the reason and notes up to 500 characters, the address up to 200.",
  "site-address": "Give the job site's street address.",
  "site-contact": "Give the name of the person who meets the machine.",
  "site-phone": "Give the site contact's phone number, with its area code.",
  "window-preference": "Choose when you would like the machine delivered.",
  "not-delivered": "The vendor has not marked the machine delivered yet.",
  "already-arrived": "You already confirmed the machine arrived.",
  "problem-reported": "You already reported a problem with this delivery: the vendor and our team have it.",
  "problem-invalid": "Choose what is wrong.",
  "called-off": "The rental is already called off.",
  "extension-dates": "Choose a day after the rental's last day.",
  "extension-too-long": "An extension adds at most 28 days past the rental's last day.",
  "extension-open": "An extension is already waiting for the vendor's answer.",
  "picked-up": "The machine was picked up: the rental can no longer change.",
  "no-bill": "The vendor has not sent the final bill yet.",
  "bill-settled": "This bill is settled: every line is answered.",
  "no-line": "This line was not found on your bill, or it follows from your quote.",
  "line-answered": "You already answered this line.",
  "line-answer": "Accept or dispute the line.",
  "dispute-reason": "Please say why you dispute this line.",
  "problem-note": "Please say what is wrong.",
  "window-open": "The delivery window has not passed yet: you can report a machine that did not arrive once it has.",
  ...PHOTO_REFUSALS,
};

/** A status page's texts for `?notice=` and `?error=` codes about a booking, and the error code of each refusal. */
export const bookingCatalog = messageCatalog(NOTICES, REFUSALS, { refused: "That did not work. Please try again.", ...PHOTO_ERRORS });

/** The text for a status page's `?notice=` or `?error=` code about a booking; null for anything else. */
export const bookingMessage = bookingCatalog.message;
