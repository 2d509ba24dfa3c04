// The per-token lists readers take from a record (token ids, log-probs). They are checked here
// because the writer appends them straight into DuckDB's INTEGER[] and DOUBLE[] columns through
// typed vectors, where a fraction, NaN or an id past 32 bits would be stored wrong, not refused.
import { RecordError } from './canonical';

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** What a list holds: token ids (32-bit integers) or log-probabilities (finite numbers). */
export type TokenListKind = 'ids' | 'logprobs';

function fits(item: unknown, kind: TokenListKind): boolean {
  if (typeof item !== 'number') return false;
  if (kind === 'logprobs') return Number.isFinite(item);
  return Number.isInteger(item) && item >= INT32_MIN && item <= INT32_MAX;
}

/** A list of token ids or log-probs; null when absent; a RecordError naming the bad item. */
export function tokenList(value: unknown, where: string, kind: TokenListKind): number[] | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) throw new RecordError(`${where}: expected a list of numbers`);
  for (let i = 0; i < value.length; i += 1) {
    if (!fits(value[i], kind)) {
      throw new RecordError(
        `${where}[${i}]: expected ${kind === 'ids' ? 'a 32-bit integer token id' : 'a finite number'}`,
      );
    }
  }
  return value as number[];
}
