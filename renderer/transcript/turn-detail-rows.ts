// The details panel's key/value rows: only the facts the format recorded, in a fixed order.
import type { TurnDetails } from '../../shared/api-trajectory';
import { formatCount } from '../components/format';

export type DetailRow = { key: string; label: string; value: string };

function latency(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function tokens(details: TurnDetails): string | null {
  const { input_tokens: input, output_tokens: output } = details;
  if (input === null && output === null) return null;
  const extras = [
    details.cached_tokens ? `${formatCount(details.cached_tokens)} cached` : null,
    details.reasoning_tokens ? `${formatCount(details.reasoning_tokens)} reasoning` : null,
  ].filter((part) => part !== null);
  const base = `${formatCount(input)} in / ${formatCount(output)} out`;
  return extras.length > 0 ? `${base} (${extras.join(', ')})` : base;
}

export function detailRows(details: TurnDetails): DetailRow[] {
  const sampling = Object.entries(details.sampling)
    .map(([key, value]) => `${key} ${String(value)}`)
    .join(' · ');
  const rows: [string, string, string | null][] = [
    ['model', 'Model', details.model],
    ['tokens', 'Tokens', tokens(details)],
    ['latency', 'Latency', details.latency_ms === null ? null : latency(details.latency_ms)],
    ['sampling', 'Sampling', sampling === '' ? null : sampling],
    ['stop', 'Stop reason', details.stop_reason],
    ['cost', 'Cost', details.cost_usd === null ? null : `$${details.cost_usd.toPrecision(3)}`],
    ['retries', 'Retries', details.retries === null ? null : String(details.retries)],
  ];
  return rows.flatMap(([key, label, value]) => (value === null ? [] : [{ key, label, value }]));
}

/** Whether the panel has anything to show beyond an empty grid. */
export function hasAnyDetail(details: TurnDetails): boolean {
  return (
    detailRows(details).length > 0 ||
    details.scores.length > 0 ||
    details.sandbox_events.length > 0 ||
    details.images.length > 0 ||
    details.other !== null
  );
}
