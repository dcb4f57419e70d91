/**
 * The seeded pseudo-random source of the demo-data generator: mulberry32 over
 * a 32-bit state. The generator never reads the clock or Math.random, so one
 * seed always produces the same database content.
 *
 * `fork(label)` derives an independent stream, so one part of the generator
 * (pictures, plugin data, bulk rows) can draw more or fewer numbers without
 * shifting what every other part draws.
 */

/** 2026-01-05T00:00:00Z in epoch seconds: every seeded `created_at` is this plus an offset. */
export const SEED_BASE_TIME = Date.UTC(2026, 0, 5) / 1000;

const DAY = 24 * 3600;
export const SECONDS_PER_DAY = DAY;

/** Mixes any safe integer (and a label) into a 32-bit state, so seeds 1 and 2 start far apart. */
function mix(seed: number, label: string): number {
  let h = 0x9e3779b9 ^ (seed >>> 0) ^ Math.floor(seed / 0x100000000);
  for (let i = 0; i < label.length; i++) {
    h = Math.imul(h ^ label.charCodeAt(i), 0x85ebca6b);
    h ^= h >>> 13;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class Rng {
  private state: number;

  /** `seed` is any non-negative safe integer; `label` names a derived stream. */
  constructor(
    readonly seed: number,
    readonly label = 'root',
  ) {
    if (!Number.isSafeInteger(seed) || seed < 0)
      throw new RangeError(`seed must be a non-negative integer, not ${seed}`);
    this.state = mix(seed, label);
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    if (max < min) throw new RangeError(`int(${min}, ${max}): max is below min`);
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One element, chosen with the given relative weights. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let r = this.next() * total;
    for (const [item, weight] of items) {
      r -= weight;
      if (r < 0) return item;
    }
    const last = items[items.length - 1];
    if (!last) throw new RangeError('weighted pick from an empty list');
    return last[0];
  }

  /** A shuffled copy (Fisher-Yates); the input is left alone. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }

  /** `count` distinct elements in random order (all of them if there are fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, count));
  }

  /** `length` lowercase hex digits, for opaque ids. */
  hex(length: number): string {
    let out = '';
    while (out.length < length)
      out += Math.floor(this.next() * 0x10000)
        .toString(16)
        .padStart(4, '0');
    return out.slice(0, length);
  }

  /** An independent stream named by `label`, the same for the same seed whatever this stream has drawn. */
  fork(label: string): Rng {
    return new Rng(this.seed, `${this.label}/${label}`);
  }
}
