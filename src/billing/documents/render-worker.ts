import { parentPort } from 'node:worker_threads';
import { renderPdf, type DocumentModel } from './render-pdf.ts';

/**
 * The documents' render thread (document-renderer.ts starts it): takes `{id, model}`, answers
 * `{id, pdf}` or `{id, error}`. Rendering here keeps its CPU off the thread that serves the API
 * and runs billing.
 */
parentPort?.on('message', async ({ id, model }: { id: number; model: DocumentModel }) => {
  try {
    const pdf = await renderPdf({ ...model, logo: model.logo ? Buffer.from(model.logo) : null, createdAt: new Date(model.createdAt) });
    parentPort!.postMessage({ id, pdf }, [pdf.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort!.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
