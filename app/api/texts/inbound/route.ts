import { textReplyCallback } from "@/lib/outbox/text-callbacks";

// Texts received by the site's number: STOP, START and HELP (signature checked; see lib/outbox/text-callbacks.ts).
export const POST = (request: Request) => textReplyCallback(request);
