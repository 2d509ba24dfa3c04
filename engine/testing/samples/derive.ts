// Rebuilds a derived sample from its upstream file, as the manifest's `derived` describes; the
// caller checks the result against the entry's sha256, so a wrong rebuild never lands.
import type { Derivation } from './manifest';
import { PyNumber, type PyValue, parsePyJson, pyDumps } from './python-json';

function fieldEquals(record: PyValue, field: string, wanted: unknown): boolean {
  if (!(record instanceof Map)) return false;
  const value = record.get(field);
  return (value instanceof PyNumber ? value.value : value) === wanted;
}

/** The subset the derivation selects, serialized as its serializer writes it. */
export function deriveSample(upstream: Buffer, derivation: Derivation): Buffer {
  const records = parsePyJson(upstream.toString('utf8'));
  if (!Array.isArray(records)) throw new Error('derivation: the upstream file is not a JSON list');
  const picked = derivation.select.flatMap((rule) => {
    const matching = records.filter((record) => fieldEquals(record, rule.field, rule.equals));
    if (matching.length < rule.take) {
      throw new Error(
        `derivation: ${rule.take} records with ${rule.field} = ${String(rule.equals)} wanted, ` +
          `${matching.length} found`,
      );
    }
    return matching.slice(0, rule.take);
  });
  return Buffer.from(pyDumps(picked), 'utf8');
}
