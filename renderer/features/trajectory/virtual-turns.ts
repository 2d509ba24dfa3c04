// The pure part of the turn list's virtualization: where each card starts (measured heights where
// known, estimates elsewhere) and which cards a viewport shows.
import type { Turn } from '../../../shared/model';

/** Offsets of n items: offsets[i] is where item i starts, offsets[n] the total height. */
export function itemOffsets(
  count: number,
  measured: ReadonlyMap<number, number>,
  estimate: (index: number) => number,
): Float64Array {
  const offsets = new Float64Array(count + 1);
  for (let i = 0; i < count; i += 1) {
    offsets[i + 1] = (offsets[i] ?? 0) + (measured.get(i) ?? estimate(i));
  }
  return offsets;
}

/** The item that contains position y (clamped to the items). */
export function itemAt(offsets: Float64Array, y: number): number {
  const count = offsets.length - 1;
  if (count <= 0) return 0;
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((offsets[mid] ?? 0) <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Items [first, last) overlapping [top, bottom), widened by overscan items on each side. */
export function visibleRange(
  offsets: Float64Array,
  top: number,
  bottom: number,
  overscan: number,
): { first: number; last: number } {
  const count = offsets.length - 1;
  if (count <= 0) return { first: 0, last: 0 };
  const first = Math.max(0, itemAt(offsets, top) - overscan);
  const last = Math.min(count, itemAt(offsets, Math.max(top, bottom - 1)) + 1 + overscan);
  return { first, last };
}

const LINE = 19.5;
const CHARS_PER_LINE = 100;

/** A guess at a card's height before it is measured, from its text (close enough to scroll by). */
export function estimateTurnHeight(turn: Turn): number {
  let lines = 0;
  for (const line of turn.content.split('\n', 400)) {
    lines += Math.max(1, Math.ceil(line.length / CHARS_PER_LINE));
  }
  const observation = turn.role === 'tool' || turn.role === 'environment';
  // Observations scroll inside a box of at most 640px; other text is shown whole.
  const text = Math.min(observation ? 640 : 4000, lines * (observation ? 18 : LINE));
  const reasoning = turn.reasoning !== null && turn.reasoning !== '' ? 26 : 0;
  const calls = turn.tool_calls.reduce(
    (sum, call) => sum + 40 + Math.min(480, (call.arguments.split(',').length + 2) * 18),
    0,
  );
  const more = turn.content_truncated ? 40 : 0;
  return 48 + text + reasoning + calls + more;
}
