import { textStatusCallback } from "@/lib/outbox/text-callbacks";

// The text provider's delivery status callback (signature checked; see lib/outbox/text-callbacks.ts).
export const POST = (request: Request) => textStatusCallback(request);
