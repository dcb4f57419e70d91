/**
 * Answers kept and reused. A read that was answered before is served from
 * here without redoing its queries: the answer's bytes are kept under a key
 * made of the route, who asked (the user, or the plugin with its orgs), the
 * validated input, and the versions of the data areas the answer is made of
 * (server/data/versions.ts); answer-rule.ts makes the key. Every write bumps
 * its areas' versions in its own transaction, so after a write through any
 * instance the next read computes a new key and misses: a stale answer is
 * never served, it only ages out.
 *
 * Who may see what is checked before the cache is consulted (the caller is
 * authenticated, its scope and permissions checked on every request), and
 * the key names the viewer, so one viewer's answer never reaches another.
 * Bounded by bytes, least recently used first out.
 */
import type { EncodedAnswer } from '../http/compression.ts';

export interface KeptAnswer {
  readonly status: number;
  /** The serialized JSON body, with its compressed codings made on demand, each once. */
  readonly answer: EncodedAnswer;
  /** The `Link` header of a page of the paging extension: the next page is part of the answer. */
  readonly link?: string | undefined;
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

  set(key: string, status: number, answer: EncodedAnswer, link?: string): KeptAnswer {
    const kept: KeptAnswer = { status, answer, link };
    const size = sizeOf(kept);
    if (!this.enabled || size > this.maxBytes / 4) return kept;
    const old = this.entries.get(key);
    if (old) this.forget(key, old);
    this.entries.set(key, kept);
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest, entry);
    }
    return kept;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private forget(key: string, entry: KeptAnswer): void {
    this.entries.delete(key);
    this.bytes -= sizeOf(entry);
  }
}

/** The raw answer and room for its compressed codings (a fraction of it). */
const sizeOf = (kept: KeptAnswer) => Math.ceil(kept.answer.raw.byteLength * 1.5);
