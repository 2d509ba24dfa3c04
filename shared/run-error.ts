// The error a trajectory's run recorded, as readers keep it in the trajectory's metadata
// (`metadata.error`: tau-bench's info.error, verifiers' error, OpenHands' error, an Inspect
// sample's error). The import reads it from a record; the trajectory page shows it.

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An error as text: a non-empty string, or an error object's message. Null when none. */
export function statedError(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (!isObject(value)) return null;
  for (const key of ['message', 'error_chain_repr', 'error']) {
    const text = value[key];
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  return null;
}

/** The run's error from a trajectory's metadata JSON text; null when it records none. */
export function runErrorOf(metadata: string | null): string | null {
  if (metadata === null || metadata === '') return null;
  try {
    const parsed: unknown = JSON.parse(metadata);
    return isObject(parsed) ? statedError(parsed.error) : null;
  } catch {
    return null;
  }
}
