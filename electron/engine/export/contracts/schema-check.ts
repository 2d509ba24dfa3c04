// A small JSON Schema checker for the subset the export contracts use (type, const, enum,
// properties, required, additionalProperties: false, items, minItems, oneOf, local $ref), so
// tests validate written records against the contract files themselves.
export type JsonSchema = Record<string, unknown>;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

function resolve(root: JsonSchema, ref: string): JsonSchema {
  const match = /^#\/\$defs\/(.+)$/.exec(ref);
  const defs = root.$defs as Record<string, JsonSchema> | undefined;
  const found = match?.[1] !== undefined ? defs?.[match[1]] : undefined;
  if (found === undefined) throw new Error(`unresolved $ref ${ref}`);
  return found;
}

/** The problems with a value (empty when it conforms), each with its JSON path. */
export function schemaErrors(
  value: unknown,
  schema: JsonSchema,
  root: JsonSchema = schema,
  at = '$',
): string[] {
  if (typeof schema.$ref === 'string')
    return schemaErrors(value, resolve(root, schema.$ref), root, at);
  const errors: string[] = [];
  if (Array.isArray(schema.oneOf)) {
    const passing = (schema.oneOf as JsonSchema[]).filter(
      (option) => schemaErrors(value, option, root, at).length === 0,
    ).length;
    if (passing !== 1) errors.push(`${at}: matches ${passing} of the oneOf alternatives, not 1`);
  }
  if (typeof schema.type === 'string') {
    const actual = typeOf(value);
    const ok = actual === schema.type || (schema.type === 'number' && actual === 'integer');
    if (!ok) return [...errors, `${at}: expected ${schema.type}, got ${actual}`];
  }
  if ('const' in schema && value !== schema.const) {
    errors.push(`${at}: expected ${JSON.stringify(schema.const)}`);
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
    errors.push(`${at}: not one of ${JSON.stringify(schema.enum)}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
      errors.push(`${at}: fewer than ${schema.minItems} items`);
    }
    const items = schema.items as JsonSchema | undefined;
    if (items !== undefined) {
      value.forEach((item, i) => errors.push(...schemaErrors(item, items, root, `${at}[${i}]`)));
    }
  }
  if (typeOf(value) === 'object') {
    const record = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const key of (schema.required ?? []) as string[]) {
      if (!(key in record)) errors.push(`${at}: missing ${key}`);
    }
    for (const [key, item] of Object.entries(record)) {
      const property = properties[key];
      if (property !== undefined)
        errors.push(...schemaErrors(item, property, root, `${at}.${key}`));
      else if (schema.additionalProperties === false) errors.push(`${at}: unexpected ${key}`);
    }
  }
  return errors;
}
