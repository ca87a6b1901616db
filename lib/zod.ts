import { z } from "zod";

// The Content-Security-Policy forbids eval. Zod otherwise probes for it with `Function("")`
// before its first parse, and the browser reports that probe as a policy violation.
z.config({ jitless: true });

export { z };
