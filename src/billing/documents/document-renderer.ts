import { Worker } from 'node:worker_threads';
import type { DocumentModel } from './render-pdf.ts';

interface Pending {
  resolve(pdf: Buffer): void;
  reject(err: Error): void;
}

/**
 * Renders documents on a thread of their own (render-worker.ts), one at a time in the order asked:
 * a burst of downloads takes at most one core and never holds up the event loop that serves the
 * API, runs the scheduler and records charges. Started on first use; unref'd, so it never keeps a
 * process alive; a thread that dies fails what it had and is started again on the next request.
 */
export class DocumentRenderer {
  #worker: Worker | null = null;
  #next = 1;
  readonly #pending = new Map<number, Pending>();

  render(model: DocumentModel): Promise<Buffer> {
    const worker = this.#start();
    const id = this.#next++;
    return new Promise<Buffer>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, model });
    });
  }

  /** Ends the thread (a process shutting down); a later render starts a new one. */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./render-worker.ts', import.meta.url));
    worker.on('message', (msg: { id: number; pdf?: Uint8Array; error?: string }) => {
      const pending = this.#pending.get(msg.id);
      if (!pending) return;
      this.#pending.delete(msg.id);
      if (msg.pdf) pending.resolve(Buffer.from(msg.pdf.buffer, msg.pdf.byteOffset, msg.pdf.byteLength));
      else pending.reject(new Error(`rendering a document failed: ${msg.error}`));
    });
    const fail = (err: Error) => {
      if (this.#worker === worker) this.#worker = null;
      for (const [id, pending] of this.#pending) {
        this.#pending.delete(id);
        pending.reject(err);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the document thread exited (${code})`)));
    // After the listeners: adding a 'message' listener refs the thread's port again, which kept a
    // process that had rendered a document (the demo's credit-note e-mails) from exiting.
    worker.unref();
    this.#worker = worker;
    return worker;
  }
}
