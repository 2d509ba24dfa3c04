// Seeded randomness and stable hashing. Every choice the demo generator makes derives from these,
// so the same options always produce byte-identical output (no Math.random, no clock).

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Murmur3's finaliser: spreads FNV's weak low bits over the whole word. */
function avalanche(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over UTF-16 code units, optionally continuing from an earlier hash, then avalanched. */
export function hashText(text: string, previous: number = FNV_OFFSET): number {
  let h = previous >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  return avalanche(h);
}

/** A stable 32-bit hash of several parts (order matters). */
export function mixHash(...parts: readonly (string | number)[]): number {
  let h = FNV_OFFSET;
  for (const part of parts) {
    h = hashText(typeof part === 'number' ? `#${part}` : `$${part}`, h);
  }
  return h;
}

/** Maps a 32-bit hash to [0, 1). */
export function unitFromHash(hash: number): number {
  return (hash >>> 0) / 4294967296;
}

/** Lower-case hex of several hashes, e.g. for tool-call ids that must be stable per prefix. */
export function hexId(seed: number, length: number): string {
  let out = '';
  let h = seed;
  while (out.length < length) {
    h = avalanche(h + 0x9e3779b9);
    out += h.toString(16).padStart(8, '0');
  }
  return out.slice(0, length);
}

/** Mulberry32: tiny, fast, and good enough for simulation choices. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  nextUint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  /** Standard normal via Box-Muller. */
  normal(): number {
    const u = 1 - this.float();
    const v = this.float();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)] as T;
  }

  /** Picks by non-negative weight; entries with weight 0 are never chosen. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + Math.max(0, weight), 0);
    if (total <= 0) throw new Error('weighted pick needs a positive total weight');
    let target = this.float() * total;
    for (const [value, weight] of entries) {
      target -= Math.max(0, weight);
      if (target < 0) return value;
    }
    return (entries[entries.length - 1] as readonly [T, number])[0];
  }

  /** Fisher-Yates on a copy. */
  shuffled<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = this.int(i + 1);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }
}

export function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** Rounds to 4 decimals, the precision of every float in the demo file. */
export function round4(value: number): number {
  const rounded = Math.round(value * 10000) / 10000;
  return Object.is(rounded, -0) ? 0 : rounded;
}
