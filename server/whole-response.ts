// What React Router answers (pages rendered per request, redirects, resource routes, actions) is sent whole: read
// at once, compressed at once (as for one visitor), written with its length. No web stream is piped into the response and no
// compression stream sits in front of it, so Node's stream code keeps the few shapes the card pages meet
// (docs/decisions/020-whole-responses.md).
import compressible from "compressible";
import type { Response as ExpressResponse } from "express";
import { compressForOneVisitor } from "~/server/platform/compressed-page.server";
import { acceptedEncodings, accepts } from "./encodings";

/** Below this, compression saves too little to be worth its time (the threshold the compression middleware had). */
export const COMPRESSION_THRESHOLD = 1024;

/** Whether an answer with these headers may be compressed at all: a type worth it, not encoded or marked not to. */
function compressibleAnswer(headers: Headers) {
  const type = headers.get("content-type");
  if (!type || !compressible(type) || headers.has("content-encoding")) return false;
  return !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get("cache-control") ?? "");
}

/** The encoding the client takes that is worth sending a compressible body of this length in, or null. */
function encodingFor(acceptEncoding: string | undefined, length: number): "br" | "gzip" | null {
  if (length < COMPRESSION_THRESHOLD) return null;
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepts(accepted, "br")) return "br";
  if (accepts(accepted, "gzip")) return "gzip";
  return null;
}

/**
 * Writes a Fetch Response on an Express response. Headers set before (the site's own) stay unless the answer
 * sets the same name; Set-Cookie is added, never replaced. Node leaves out the body of an answer to HEAD.
 */
export async function sendWholeResponse(res: ExpressResponse, answer: Response) {
  res.statusCode = answer.status;
  if (answer.statusText) res.statusMessage = answer.statusText;
  for (const [name, value] of answer.headers) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  const body = answer.body ? Buffer.from(await answer.arrayBuffer()) : null;
  if (res.destroyed || res.writableEnded) return;
  if (!body || answer.status === 204 || answer.status === 304) {
    res.end();
    return;
  }
  let encoding: "br" | "gzip" | null = null;
  if (compressibleAnswer(answer.headers)) {
    // Caches keep a copy per Accept-Encoding, whether or not this one is compressed.
    res.vary("Accept-Encoding");
    encoding = encodingFor(res.req.headers["accept-encoding"], body.length);
  }
  const sent = encoding ? compressForOneVisitor(body, encoding) : body;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", sent.length);
  res.end(sent);
}
