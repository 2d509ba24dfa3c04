// Step-by-step alignment of two trajectories (the Diff view): identical turns line up, inserted or
// deleted turns become gaps, and the first row where the two runs part ways is reported.
// A global (Needleman-Wunsch) alignment after trimming the common prefix and suffix; turns are
// compared with the turn tree's identity (turnNodeKey), so "same step" means the same thing in
// the tree and in the diff.
import { normalizeWhitespace, toolCallsKey } from './segments';
import { turnNodeKey, type TreeTurn } from './turn-tree';

export interface AlignTurn extends TreeTurn {
  /**
   * Set when `content` is a truncated preview of a longer text: two previews that agree but whose
   * full texts differ in length are then not called identical.
   */
  content_truncated?: boolean;
  content_length?: number;
}

/** same: identical turns; changed: same role, different turn; only_a / only_b: a gap opposite. */
export type AlignedRowKind = 'same' | 'changed' | 'only_a' | 'only_b';

export interface AlignedRow {
  kind: AlignedRowKind;
  /** Index into the first input sequence, or null for a gap on that side. */
  a: number | null;
  b: number | null;
}

export interface TurnAlignment {
  rows: AlignedRow[];
  /** Index into rows of the first row that is not 'same'; null when the sequences are identical. */
  first_divergence: number | null;
  counts: Record<AlignedRowKind, number>;
}

/** Above this many cells the middle is aligned by role only (no per-pair text similarity). */
const SIMILARITY_CELLS = 250_000;
/** Above this many cells a full alignment costs too much memory: pair turns in order instead. */
const MAX_CELLS = 16_000_000;

const MATCH = 2;
const GAP = -1;
// A same-role pair scores in [-0.5, 1]: always better than two gaps (-2), so two runs that took
// different actions at the same point show them side by side rather than as insert + delete.
const PAIR_BASE = -0.5;
const PAIR_SIMILARITY = 1.5;
const NEVER = Number.NEGATIVE_INFINITY;

export function alignmentKey(turn: AlignTurn): string {
  const key = turnNodeKey(turn);
  return turn.content_truncated === true ? `${key}#${turn.content_length ?? -1}` : key;
}

const MAX_WORDS = 256;

function wordSet(turn: AlignTurn): Set<string> {
  const text = `${normalizeWhitespace(turn.content)} ${toolCallsKey(turn.tool_calls)}`;
  const words = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}_]+/u)) {
    if (word === '') continue;
    words.add(word);
    if (words.size >= MAX_WORDS) break;
  }
  return words;
}

/** Jaccard similarity of the two word sets, in [0, 1]. */
function jaccard(x: Set<string>, y: Set<string>): number {
  if (x.size === 0 && y.size === 0) return 1;
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  let shared = 0;
  for (const word of small) if (large.has(word)) shared += 1;
  return shared / (x.size + y.size - shared);
}

function pushRow(rows: AlignedRow[], kind: AlignedRowKind, a: number | null, b: number | null) {
  rows.push({ kind, a, b });
}

/** Pairs turns in order (same role: changed; otherwise both sides as gaps), for huge inputs. */
function alignInOrder(
  a: readonly AlignTurn[],
  b: readonly AlignTurn[],
  keysA: string[],
  keysB: string[],
  offset: number,
  rows: AlignedRow[],
) {
  const n = Math.max(a.length, b.length);
  for (let k = 0; k < n; k += 1) {
    const ta = a[k];
    const tb = b[k];
    if (ta === undefined) pushRow(rows, 'only_b', null, offset + k);
    else if (tb === undefined) pushRow(rows, 'only_a', offset + k, null);
    else if (keysA[k] === keysB[k]) pushRow(rows, 'same', offset + k, offset + k);
    else if (ta.role === tb.role) pushRow(rows, 'changed', offset + k, offset + k);
    else {
      pushRow(rows, 'only_a', offset + k, null);
      pushRow(rows, 'only_b', null, offset + k);
    }
  }
}

// Traceback moves, stored one per cell.
const DIAG = 0;
const UP = 1; // consume a turn of A only
const LEFT = 2; // consume a turn of B only

/** Needleman-Wunsch over a[0..n) x b[0..m); appends rows with indices shifted by the offsets. */
function alignMiddle(
  a: readonly AlignTurn[],
  b: readonly AlignTurn[],
  keysA: string[],
  keysB: string[],
  offsetA: number,
  offsetB: number,
  rows: AlignedRow[],
) {
  const n = a.length;
  const m = b.length;
  const cells = (n + 1) * (m + 1);
  const useSimilarity = cells <= SIMILARITY_CELLS;
  const wordsA = useSimilarity ? a.map(wordSet) : [];
  const wordsB = useSimilarity ? b.map(wordSet) : [];
  const pairScore = (i: number, j: number): number => {
    if (keysA[i] === keysB[j]) return MATCH;
    if (a[i]?.role !== b[j]?.role) return NEVER;
    const similarity = useSimilarity ? jaccard(wordsA[i] ?? new Set(), wordsB[j] ?? new Set()) : 0;
    return PAIR_BASE + PAIR_SIMILARITY * similarity;
  };

  const moves = new Uint8Array(cells);
  let previous = new Float64Array(m + 1);
  let current = new Float64Array(m + 1);
  for (let j = 0; j <= m; j += 1) {
    previous[j] = j * GAP;
    moves[j] = LEFT;
  }
  for (let i = 1; i <= n; i += 1) {
    current[0] = i * GAP;
    moves[i * (m + 1)] = UP;
    for (let j = 1; j <= m; j += 1) {
      const diag = (previous[j - 1] ?? NEVER) + pairScore(i - 1, j - 1);
      const up = (previous[j] ?? NEVER) + GAP;
      const left = (current[j - 1] ?? NEVER) + GAP;
      // Ties prefer the pair, then (as the traceback runs backwards) a turn of B, so that in
      // reading order a run's extra turns on A come before those on B.
      let best = diag;
      let move = DIAG;
      if (left > best) [best, move] = [left, LEFT];
      if (up > best) [best, move] = [up, UP];
      current[j] = best;
      moves[i * (m + 1) + j] = move;
    }
    [previous, current] = [current, previous];
  }

  const reversed: AlignedRow[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const move = i === 0 ? LEFT : j === 0 ? UP : moves[i * (m + 1) + j];
    if (move === DIAG) {
      const kind = keysA[i - 1] === keysB[j - 1] ? 'same' : 'changed';
      reversed.push({ kind, a: offsetA + i - 1, b: offsetB + j - 1 });
      i -= 1;
      j -= 1;
    } else if (move === UP) {
      reversed.push({ kind: 'only_a', a: offsetA + i - 1, b: null });
      i -= 1;
    } else {
      reversed.push({ kind: 'only_b', a: null, b: offsetB + j - 1 });
      j -= 1;
    }
  }
  for (let k = reversed.length - 1; k >= 0; k -= 1) rows.push(reversed[k] as AlignedRow);
}

/** Aligns two turn sequences (each in turn_index order) so that the same step is on the same row. */
export function alignTurns(a: readonly AlignTurn[], b: readonly AlignTurn[]): TurnAlignment {
  const keysA = a.map(alignmentKey);
  const keysB = b.map(alignmentKey);
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && keysA[prefix] === keysB[prefix]) prefix += 1;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    keysA[a.length - 1 - suffix] === keysB[b.length - 1 - suffix]
  ) {
    suffix += 1;
  }

  const rows: AlignedRow[] = [];
  for (let k = 0; k < prefix; k += 1) pushRow(rows, 'same', k, k);
  const midA = a.slice(prefix, a.length - suffix);
  const midB = b.slice(prefix, b.length - suffix);
  const midKeysA = keysA.slice(prefix, a.length - suffix);
  const midKeysB = keysB.slice(prefix, b.length - suffix);
  if ((midA.length + 1) * (midB.length + 1) > MAX_CELLS) {
    alignInOrder(midA, midB, midKeysA, midKeysB, prefix, rows);
  } else {
    alignMiddle(midA, midB, midKeysA, midKeysB, prefix, prefix, rows);
  }
  for (let k = suffix; k > 0; k -= 1) pushRow(rows, 'same', a.length - k, b.length - k);

  const counts: Record<AlignedRowKind, number> = { same: 0, changed: 0, only_a: 0, only_b: 0 };
  for (const row of rows) counts[row.kind] += 1;
  const first = rows.findIndex((row) => row.kind !== 'same');
  return { rows, first_divergence: first === -1 ? null : first, counts };
}
