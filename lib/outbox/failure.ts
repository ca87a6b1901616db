/** A failure that retrying cannot fix: the message is marked failed at once. */
export class PermanentFailure extends Error {}
