// Checks records against the export contracts (contracts/<target>.schema.json, JSON Schema
// 2020-12) with ajv, so tests validate what an export wrote against the files users get. Strict
// mode: a keyword ajv does not know is an error when the contract is compiled, never skipped, so
// a contract cannot silently promise more than is checked (docs/export.md).
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import path from 'node:path';

export type JsonSchema = Record<string, unknown>;

// Each contract is compiled once, on its own ajv instance: contracts carry an $id, and one
// instance refuses a second schema with an id it already holds.
const compiled = new Map<string, ValidateFunction>();

/** The contract compiled (once per distinct schema); throws on a keyword ajv does not know. */
export function compileContract(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (validate === undefined) {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}

/** ajv's JSON pointer as the `$.messages[0].role` path the messages use. */
function jsonPath(pointer: string): string {
  const parts = pointer.split('/').slice(1);
  return parts
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((at, part) => (/^\d+$/.test(part) ? `${at}[${part}]` : `${at}.${part}`), '$');
}

function reason(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const message = error.message ?? error.keyword;
  switch (error.keyword) {
    case 'required':
      return `missing ${String(params.missingProperty)}`;
    case 'additionalProperties':
      return `unexpected ${String(params.additionalProperty)}`;
    case 'enum':
      return `not one of ${JSON.stringify(params.allowedValues)}`;
    case 'const':
      return `expected ${JSON.stringify(params.allowedValue)}`;
    case 'oneOf':
      return `${message} (passing: ${JSON.stringify(params.passingSchemas)})`;
    default:
      return message;
  }
}

/** The problems with a value (empty when it conforms), each `path: reason`. */
export function schemaErrors(value: unknown, schema: JsonSchema): string[] {
  const validate = compileContract(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (error) => `${jsonPath(error.instancePath)}: ${reason(error)}`,
  );
}

/** The problems with the records of one written file, each `file record N: path: reason`. */
export function recordErrors(file: string, rows: readonly unknown[], schema: JsonSchema): string[] {
  const name = path.basename(file);
  return rows.flatMap((row, i) =>
    schemaErrors(row, schema).map((problem) => `${name} record ${i + 1}: ${problem}`),
  );
}
