// The page React renders, gathered into a web stream for React Router: one piece per batch React completes.
import { EventEmitter } from "node:events";

/**
 * React's `pipe` destination, without Node's stream classes (the socket is then the only writable stream the
 * process writes to). React writes a page in 4 KB pieces and calls flush() once a batch is complete; each batch
 * goes on whole. It never pushes back: the answer is read whole (server/whole-response.ts).
 */
export class BatchedStream extends EventEmitter implements NodeJS.WritableStream {
  writable = true;
  #pending: Uint8Array[] = [];
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  // Once the reader has cancelled (or the page ended or failed), what React still writes is dropped.
  #open = true;
  readonly readable = new ReadableStream<Uint8Array>({
    start: (controller) => {
      this.#controller = controller;
    },
    cancel: () => {
      this.#open = false;
    },
  });
  write(chunk: Uint8Array | string) {
    this.#pending.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    return true;
  }
  flush() {
    if (!this.#open || this.#pending.length === 0) return;
    this.#controller.enqueue(this.#pending.length === 1 ? this.#pending[0]! : Buffer.concat(this.#pending));
    this.#pending = [];
  }
  end() {
    this.flush();
    this.writable = false;
    if (this.#open) this.#controller.close();
    this.#open = false;
    return this;
  }
  destroy(error?: unknown) {
    if (this.#open) this.#controller.error(error);
    this.#open = false;
  }
}
