// Canonical JSON text: object keys sorted, no whitespace, so equal values compare equal as text.
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      setOwn(out, key, sortKeys((value as Record<string, unknown>)[key]));
    return out;
  }
  return value;
}

/**
 * Tool-call arguments arrive as a JSON string (OpenAI) or an object (Inspect, tau2). Both become
 * canonical JSON; a string that is not valid JSON is kept verbatim as a JSON string value.
 */
export function canonicalArguments(raw: unknown): string {
  if (typeof raw === 'string') {
    try {
      return canonicalJson(JSON.parse(raw));
    } catch {
      return JSON.stringify(raw);
    }
  }
  return canonicalJson(raw ?? {});
}

/** Sets a property as plain data, so a key like "__proto__" from user JSON is kept, not applied. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // "__proto__" is the one accessor plain objects inherit; any other key assigns as data.
  // defineProperty for every key was the import's costliest function of its own.
  if (key !== '__proto__') {
    target[key] = value;
    return;
  }
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
