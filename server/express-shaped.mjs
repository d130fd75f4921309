// Express gives each request and response it handles its own prototype (Object.setPrototypeOf). Node's HTTP code
// runs for every answer, the card pages sent before Express included, so once Express had handled a few requests
// that code met objects of several shapes and lost its fast path for all of them: a bare handler in the app's
// process fell from about 105% to 86-89% of a bare Node process after 30 ordinary requests
// (docs/decisions/017-express-shaped-requests.md). Made by classes whose prototypes are the ones Express sets,
// Node's objects have Express's shape from birth, and Express's change is a no-op.
import http from "node:http";
import express from "express";

/**
 * Classes for `http.createServer(options)` whose instances already have `app`'s request and response prototypes;
 * it makes those prototypes the `app.request` and `app.response` Express sets. Only for an app that is not mounted
 * in another (a mounted app sets its own prototypes, and changes them back after).
 */
export function expressShapedClasses(app) {
  class AppRequest extends http.IncomingMessage {}
  class AppResponse extends http.ServerResponse {}
  adopt(app, "request", AppRequest.prototype, express.request);
  adopt(app, "response", AppResponse.prototype, express.response);
  return { IncomingMessage: AppRequest, ServerResponse: AppResponse };
}

/** What Express's own app.request and app.response are: its prototype, with `app` on it. */
function adopt(app, name, prototype, expressPrototype) {
  Object.setPrototypeOf(prototype, expressPrototype);
  Object.defineProperty(prototype, "app", {
    configurable: true,
    enumerable: true,
    writable: true,
    value: app,
  });
  app[name] = prototype;
}
