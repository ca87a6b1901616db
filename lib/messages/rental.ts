import type { RefusalTexts } from "../data/refusals";

/** What a record's photos are refused with by the database, by code, on both sides of a rental. */
export const PHOTO_REFUSALS: RefusalTexts = {
  "photos-missing": "Add at least one photo.",
  "photos-too-many": "A record has at most 8 photos.",
};

/** What a photo is refused with before it is stored (lib/storage/photos.ts), by code. */
export const PHOTO_ERRORS = {
  "photo-too-large": "Each photo can be at most 10 MB.",
  "photo-not-image": "That file is not a photo: choose a JPEG, PNG, WebP or HEIC image.",
};

/** What the booked vendor is told when a step of the rental is refused, by code. */
export const RENTAL_REFUSALS: RefusalTexts = {
  ...PHOTO_REFUSALS,
  "window-invalid": "Give the delivery day and the window's start and end times.",
  "window-too-long": "A delivery window ends after it starts, and is at most 4 hours.",
  "window-past": "That window has already started: choose a later one.",
  "window-day": "Deliver on the rental's first day or the day before.",
  "window-confirmed": "The delivery window is already confirmed.",
  "window-unconfirmed": "Confirm the delivery window first.",
  "confirm-too-late": "The time to confirm a delivery window has run out: the booking is being released.",
  "already-on-the-way": "The machine is already marked on the way.",
  "already-delivered": "The machine is already marked delivered.",
  "reading-invalid": "Give the hour meter reading, from 0 to 99,999.",
  "fuel-invalid": "Choose the fuel level.",
  "no-booking": "This request has no booking with you any more.",
  "not-delivered": "The machine is not marked delivered yet.",
  "no-extension": "No extension is waiting for your answer.",
  "extension-answer": "Accept or decline the extension.",
  "picked-up": "The machine is already picked up.",
  "reading-backwards": "The hour meter cannot read less than it did at delivery.",
  "not-picked-up": "Record the pickup first.",
  "bill-sent": "The bill is already sent.",
  "line-invalid": "Choose what the line is for, and name it in up to 120 characters.",
  "line-amount": "Give an amount from $0.01 to $100,000.",
  "line-reason": "Give the reason for the line: the renter sees it with your photos.",
  "bill-lines": "A bill has at most 20 lines.",
  "too-early": "The machine can be marked on its way or delivered from the delivery window's day on.",
};
