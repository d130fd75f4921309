// The stream between React's renderer and the response: one piece per batch React completes.
import { Transform, type TransformCallback } from "node:stream";

/**
 * React writes a page in 4 KB pieces and calls flush() once a batch is complete; React Router's adapter then
 * writes and flushes the response (and its compressor) once per piece it reads. Passing each batch on whole
 * makes that one compressed block and one socket write per batch, not one per 4 KB.
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
