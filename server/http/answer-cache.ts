/**
 * Answers kept and reused. A read that was answered before is served from
 * here without redoing its queries: the answer's bytes are kept under a key
 * made of the route, who asked (the user, or the plugin with its orgs), the
 * validated input, and the versions of the data areas the answer is made of
 * (`db/versions.ts`). Every write bumps its areas' versions in its own
 * transaction, so after a write through any instance the next read computes
 * a new key and misses: a stale answer is never served, it only ages out.
 *
 * Who may see what is checked before the cache is consulted (the caller is
 * authenticated, its scope and permissions checked on every request), and
 * the key names the viewer, so one viewer's answer never reaches another.
 * Bounded by bytes, least recently used first out.
 */

export interface KeptAnswer {
  readonly status: number;
  /** The serialized JSON body. */
  readonly body: Buffer;
  /** Encodings of the body made on demand, each once (e.g. br, gzip). */
  readonly encoded: Map<string, Buffer>;
}

export class AnswerCache {
  private readonly entries = new Map<string, KeptAnswer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  get(key: string): KeptAnswer | undefined {
    const found = this.entries.get(key);
    if (found) {
      // Most recently used goes to the end.
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  set(key: string, status: number, body: Buffer): KeptAnswer {
    const answer: KeptAnswer = { status, body, encoded: new Map() };
    if (!this.enabled || body.length > this.maxBytes / 4) return answer;
    const old = this.entries.get(key);
    if (old) this.forget(key, old);
    this.entries.set(key, answer);
    this.bytes += body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest, entry);
    }
    return answer;
  }

  /** Adds an encoding of a kept answer (counted against the bound). */
  encode(answer: KeptAnswer, encoding: string, make: (body: Buffer) => Buffer): Buffer {
    let encoded = answer.encoded.get(encoding);
    if (!encoded) {
      encoded = make(answer.body);
      answer.encoded.set(encoding, encoded);
      this.bytes += encoded.length;
    }
    return encoded;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private forget(key: string, entry: KeptAnswer): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
    for (const encoded of entry.encoded.values()) this.bytes -= encoded.length;
  }
}
