// Imported first by every schema module. Zod probes for eval support with new Function(), which our
// Content-Security-Policy refuses and the browser reports as a violation; the interpreted parser is plenty
// fast for forms.
import { z } from "zod";

z.config({ jitless: true });
