// Request options built from optional fields: the fields left unset are left out, so the API's
// defaults apply to them (zod fills defaults for missing keys, not for explicit undefined ones).
export function withoutUndefined<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
