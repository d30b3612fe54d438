/**
 * Rendered documents by version, least recently used evicted first, bounded by count and bytes.
 * A version key names the document and a digest of everything it shows (document-model.ts), so a
 * paid, credited or re-logoed invoice is a new entry and a stale PDF is never served.
 */
export class DocumentCache {
  readonly #entries = new Map<string, Buffer>();
  #bytes = 0;
  readonly maxEntries: number;
  readonly maxBytes: number;
  constructor(maxEntries = 512, maxBytes = 64 * 1024 * 1024) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
  }

  get(key: string): Buffer | undefined {
    const pdf = this.#entries.get(key);
    if (pdf) {
      // Most recently used last: a Map iterates in insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, pdf);
    }
    return pdf;
  }

  set(key: string, pdf: Buffer): void {
    if (pdf.length > this.maxBytes) return;
    const old = this.#entries.get(key);
    if (old) {
      this.#entries.delete(key);
      this.#bytes -= old.length;
    }
    this.#entries.set(key, pdf);
    this.#bytes += pdf.length;
    for (const [oldest, value] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= value.length;
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
