// The one zod every module imports (a lint rule refuses "zod" elsewhere), configured before any schema is
// built. Zod probes for eval support with new Function(), which our Content-Security-Policy refuses and the
// browser reports as a violation; the interpreted parser is plenty fast for forms. A schema module that
// imported "zod" directly and was evaluated before the setting ran made that probe in the browser.
import { z } from "zod";

z.config({ jitless: true });

export { z };
