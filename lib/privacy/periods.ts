/**
 * How long the site keeps what it stores, one setting each. The privacy page states these
 * values (it is rendered at build time: set them before building) and the retention job
 * applies them at run time.
 */
export interface RetentionPeriods {
  /** Unsent drafts of the rental dialog, after their last change (RETENTION_DRAFT_DAYS). */
  draftDays: number;
  /** A completed request's name, phone, email and client address, after completion (RETENTION_PERSONAL_MONTHS). */
  personalMonths: number;
  /** A sent email's or webhook's contents and recipient, after sending (RETENTION_SENT_DAYS). */
  sentDays: number;
  /** Expired links and sessions, and throttle rows, after they lapse (RETENTION_EXPIRED_DAYS). */
  expiredDays: number;
}

const period = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 ? n : fallback;
};

export function retentionPeriods(env: Record<string, string | undefined> = process.env): RetentionPeriods {
  return {
    draftDays: period(env.RETENTION_DRAFT_DAYS, 30),
    personalMonths: period(env.RETENTION_PERSONAL_MONTHS, 24),
    sentDays: period(env.RETENTION_SENT_DAYS, 30),
    expiredDays: period(env.RETENTION_EXPIRED_DAYS, 1),
  };
}

/** Rows of each kind one retention run handles: each batch finishes quickly, so the database never stalls for it. */
export const RETENTION_BATCH = 100;
