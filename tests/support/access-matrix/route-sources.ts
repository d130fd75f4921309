// What the access matrix must cover, read from the app itself: every signed-in route from app/routes.ts, and
// every intent its form handlers answer, from their source.
import fs from "node:fs";
import path from "node:path";
import { routeRows } from "../route-table";

/** Every route file under /dashboard and /admin-dashboard, from the app's route config. */
export const signedInRouteFiles = () => [
  ...new Set(
    routeRows()
      .filter((r) => /^\/(dashboard|admin-dashboard)(\/|$)/.test(r.pattern))
      .map((r) => r.file),
  ),
];

const APP = path.resolve(import.meta.dirname, "../../../app");
const source = (file: string) => fs.readFileSync(path.join(APP, file), "utf8");

/** Where `unknownIntent` is defined: no handler itself. */
const FORMS = "server/platform/forms.server.ts";
/** A module that reads the posted intent or answers unknown ones ('navigation.formData' is the page's own). */
const readsIntent = (file: string) =>
  /unknownIntent|(?<!navigation\.)\bform(Data)?\.get\("intent"\)/.test(source(file));

/** The form handlers a route file and the server modules it imports hold, by file name. */
export function intentHandlers(routeFile: string) {
  const file = ["", ".ts", ".tsx"]
    .map((ext) => `${routeFile}${ext}`)
    .find((f) => fs.existsSync(path.join(APP, f)));
  const imported = [...source(file!).matchAll(/from "~\/(server\/[^"]+)"/g)].map((m) => `${m[1]}.ts`);
  return [file!, ...imported].filter(
    (f) => f !== FORMS && fs.existsSync(path.join(APP, f)) && readsIntent(f),
  );
}

/**
 * Intents are read from the `case` labels of the handler's switch, the one way actions dispatch (README, 'Adding
 * a dashboard section'): a handler that dispatches otherwise (an `if` chain, a map of handlers) fails
 * `dispatchesBySwitch`, so none of its intents can go unseen.
 */
export const intentsIn = (file: string) => [...source(file).matchAll(/case "([^"]+)":/g)].map((m) => m[1]!);
export function dispatchesBySwitch(file: string) {
  const code = source(file).replace(/^import [^;]+;/gm, "");
  const answers = code.match(/\bunknownIntent\b/g) ?? [];
  const defaults = code.match(/default:\s*return unknownIntent\(\);/g) ?? [];
  return answers.length > 0 && answers.length === defaults.length;
}
