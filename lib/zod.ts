import { config } from "zod/mini";

// The Content-Security-Policy forbids eval. Zod otherwise probes for it with `Function("")`
// before its first parse, and the browser reports that probe as a policy violation. The
// schemas the browser runs import this module for its effect; they import zod's functions
// by name (from zod/mini), so a page carries only the parts of zod its forms use.
config({ jitless: true });
