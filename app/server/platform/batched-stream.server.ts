// The stream between React's renderer and the response: one piece per batch React completes.
import { Transform, type TransformCallback } from "node:stream";

/**
 * React writes a page in 4 KB pieces and calls flush() once a batch is complete. Passing each batch on whole
 * gives the web stream React Router reads a few pieces, not one per 4 KB (the answer is then read whole and
 * compressed at once: server/whole-response.ts).
 */
export class BatchedStream extends Transform {
  #pending: Buffer[] = [];
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.#pending.push(chunk);
    done();
  }
  flush() {
    if (this.#pending.length === 0) return;
    this.push(this.#pending.length === 1 ? this.#pending[0] : Buffer.concat(this.#pending));
    this.#pending = [];
  }
  override _flush(done: TransformCallback) {
    this.flush();
    done();
  }
}
