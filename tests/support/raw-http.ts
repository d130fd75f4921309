// HTTP as it is on the wire: the bytes a server sent, still compressed (fetch would decode them), and a server
// on a free local port for a handler under test.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request; resolves with the status, the headers and the body exactly as they arrived. */
export function rawRequest(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<RawAnswer>((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject)
      .end();
  });
}

/** Starts `handler` on 127.0.0.1 at a free port. */
export async function listenLocally(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
