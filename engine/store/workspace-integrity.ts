// A workspace file someone sent is as hostile as their SQL (docs/security.md, "A received
// workspace"): its catalog may hold a macro named like a built-in (`lower`, `json_serialize_sql`),
// a public view redefined to read files, a table whose DEFAULT calls a function. Opening one
// compares every object with the catalog Turnwise's migrations make (reference-catalog.ts):
// objects of other names are refused before anything reads them, Turnwise's views and macros are
// re-created from the code where they differ, and tables must be exactly Turnwise's.
import type { DuckDBConnection } from '@duckdb/node-api';
import { TurnwiseError } from '../../shared/result';
import type { ReferenceCatalog } from './reference-catalog';
import REFERENCE_JSON from './schema-catalog.generated.json' with { type: 'json' };
import { describeObject, keyOf, type CatalogObject } from './schema-catalog';

export const REFERENCE = REFERENCE_JSON as ReferenceCatalog;

/** Views whose text follows the workspace's attachments; the attach layer checks them. */
const UNION_VIEWS: ReadonlySet<string> = new Set(['tw_all_turns', 'tw_all_token_logprobs']);
const ATTACHMENT_VIEW = /^tw_att_[0-9a-f]{1,64}_(turns|logprobs)$/;

export function isAttachmentView(object: CatalogObject): boolean {
  return (
    object.kind === 'view' &&
    object.schema === 'main' &&
    (UNION_VIEWS.has(object.name) || ATTACHMENT_VIEW.test(object.name))
  );
}

/** Kinds whose definition Turnwise can write again from the reference. */
const RESTORABLE: ReadonlySet<string> = new Set(['view', 'macro']);

export interface CatalogCheck {
  /** Objects of a kind and name Turnwise never makes. */
  foreign: CatalogObject[];
  /** Turnwise's objects whose definition is not the reference's. */
  differing: CatalogObject[];
  /** Reference objects the workspace lacks. */
  missing: CatalogObject[];
}

const referenceByKey = new Map(REFERENCE.objects.map((object) => [keyOf(object), object]));

export function checkCatalog(actual: CatalogObject[]): CatalogCheck {
  const seen = new Set<string>();
  const check: CatalogCheck = { foreign: [], differing: [], missing: [] };
  for (const object of actual) {
    if (isAttachmentView(object)) continue;
    const key = keyOf(object);
    seen.add(key);
    const expected = referenceByKey.get(key);
    if (expected === undefined) check.foreign.push(object);
    else if (expected.definition !== object.definition) check.differing.push(object);
  }
  for (const object of REFERENCE.objects) {
    if (!isAttachmentView(object) && !seen.has(keyOf(object))) check.missing.push(object);
  }
  return check;
}

export function isClean(check: CatalogCheck): boolean {
  return check.foreign.length + check.differing.length + check.missing.length === 0;
}

/** Problems only a re-creation from the code can mend (views and macros); null when none other. */
export function onlyRestorable(check: CatalogCheck): boolean {
  return (
    check.foreign.length === 0 &&
    [...check.differing, ...check.missing].every((object) => RESTORABLE.has(object.kind))
  );
}

/** The refusal, naming the first objects at fault. */
export function integrityError(file: string, check: CatalogCheck, hint: string): TurnwiseError {
  const problems = [
    ...check.foreign.map((o) => `${describeObject(o)} was not made by Turnwise`),
    ...check.differing.map((o) => `${describeObject(o)} differs from Turnwise's definition`),
    ...check.missing.map((o) => `${describeObject(o)} is missing`),
  ];
  const shown = problems.slice(0, 5).join('; ');
  const more = problems.length > 5 ? `; and ${problems.length - 5} more` : '';
  return new TurnwiseError(
    'invalid_input',
    `${file}: not opened, because its schema is not Turnwise's: ${shown}${more}. ` +
      `A workspace file can carry SQL that reads or writes files when it is used. ${hint}`,
  );
}

/** Re-creates Turnwise's views and macros that differ or are missing, dependencies first. */
export async function restoreDefinitions(
  connection: DuckDBConnection,
  check: CatalogCheck,
): Promise<void> {
  const wanted = new Set([...check.differing, ...check.missing].map(keyOf));
  for (const object of REFERENCE.objects) {
    if (wanted.has(keyOf(object))) await connection.run(creationSql(object));
  }
}

function creationSql(object: CatalogObject): string {
  if (object.kind === 'view') {
    return object.definition.replace(/^CREATE VIEW /, 'CREATE OR REPLACE VIEW ');
  }
  if (object.kind === 'macro') {
    return `CREATE OR REPLACE MACRO ${object.name}${object.definition}`;
  }
  throw new TurnwiseError('internal', `${describeObject(object)} cannot be re-created`);
}
