// A tagged template for the engine's own SQL: sql`... WHERE id = ${id} AND x IN ${ids}` gives
// { text, params } with the $n placeholders numbered for you. Values never enter the text; only
// nested sql fragments, sql.raw and sql.identifier do, and those are for trusted constants.
// User-written SQL goes through the guard (sql-guard.ts) instead.
import type { DuckDBValue } from '@duckdb/node-api';
import { TurnwiseError } from '../../shared/result';

/** One parameter slot: its value is bound, never spliced into the text. */
interface Param {
  readonly value: DuckDBValue;
}
type Chunk = string | Param;

/** What may stand in a ${...}: a value, a list of values (for IN), or a nested fragment. */
export type SqlValue = DuckDBValue | readonly DuckDBValue[] | SqlFragment;

export class SqlFragment {
  readonly #chunks: readonly Chunk[];

  /** @internal use sql`...`, sql.raw, sql.identifier or sql.join */
  constructor(chunks: readonly Chunk[]) {
    this.#chunks = chunks;
  }

  /** The statement with $1, $2, ... in the order its values appear. */
  get text(): string {
    let n = 0;
    return this.#chunks
      .map((chunk) => {
        if (typeof chunk === 'string') return chunk;
        n += 1;
        return `$${n}`;
      })
      .join('');
  }

  /** The values for text's placeholders, $1 first. */
  get params(): DuckDBValue[] {
    return this.#chunks
      .filter((chunk): chunk is Param => typeof chunk !== 'string')
      .map((param) => param.value);
  }

  /** @internal the chunks a fragment nests into another */
  get chunks(): readonly Chunk[] {
    return this.#chunks;
  }
}

// An empty IN list is a syntax error in DuckDB; an empty subquery keeps IN false and NOT IN true.
const EMPTY_LIST = '(SELECT NULL WHERE false)';

function chunksOf(value: unknown, where: () => string): Chunk[] {
  if (value instanceof SqlFragment) return [...value.chunks];
  if (value === undefined) {
    throw new TurnwiseError('internal', `sql: undefined value ${where()}`);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return [EMPTY_LIST];
    const chunks: Chunk[] = ['('];
    value.forEach((item: unknown, index) => {
      if (item === undefined || item instanceof SqlFragment || Array.isArray(item)) {
        throw new TurnwiseError(
          'internal',
          `sql: list item ${index + 1} is not a value ${where()}`,
        );
      }
      if (index > 0) chunks.push(', ');
      chunks.push({ value: item as DuckDBValue });
    });
    chunks.push(')');
    return chunks;
  }
  return [{ value: value as DuckDBValue }];
}

function firstLine(strings: readonly string[]): string {
  return (strings.join('?').trim().split('\n')[0] ?? '').trim();
}

function template(strings: TemplateStringsArray, ...values: SqlValue[]): SqlFragment {
  const chunks: Chunk[] = [];
  strings.forEach((text, index) => {
    if (text !== '') chunks.push(text);
    if (index < values.length) {
      const where = () => `#${index + 1} in "${firstLine(strings)}"`;
      chunks.push(...chunksOf(values[index], where));
    }
  });
  return new SqlFragment(chunks);
}

/** Text spliced in as it is: only for constants of the code, never for values or user input. */
function raw(text: string): SqlFragment {
  return new SqlFragment([text]);
}

/** A quoted identifier (a table or column name), its double quotes doubled. */
function identifier(name: string): SqlFragment {
  return raw(`"${name.replaceAll('"', '""')}"`);
}

/** Fragments one after another with `separator` (trusted text) between them. */
function join(fragments: readonly SqlFragment[], separator = ', '): SqlFragment {
  return new SqlFragment(
    fragments.flatMap((fragment, index) =>
      index === 0 ? fragment.chunks : [separator, ...fragment.chunks],
    ),
  );
}

export const sql = Object.assign(template, { raw, identifier, join });

/** A statement as the store's entry points take it: SQL text with its params, or a fragment. */
export type Statement = string | SqlFragment;

/** The text and params to run; a fragment carries its own params, so it takes no others. */
export function resolveStatement(
  statement: Statement,
  params?: DuckDBValue[],
): { text: string; params: DuckDBValue[] | undefined } {
  if (typeof statement === 'string') return { text: statement, params };
  if (params !== undefined) {
    throw new TurnwiseError('internal', 'sql: a sql`...` fragment carries its own params');
  }
  return { text: statement.text, params: statement.params };
}
