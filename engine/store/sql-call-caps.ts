// Caps on the arguments of calls whose work grows without bound inside one call (docs/security.md,
// "Bounded work"). DuckDB looks at an interrupt only between vectors, so one call that compares two
// 100 kB texts, or builds a list of 200 million numbers, runs on past the time limit and the
// memory budget. A checked query's tree is rewritten so each such call first checks its arguments
// and fails with error() past the cap; the rewritten tree is rendered by DuckDB's own parser and
// checked again before it runs. A first line, not a bound: see the page for what it leaves open.
import type { DuckDBConnection } from '@duckdb/node-api';
import { TurnwiseError } from '../../shared/result';
import { parseSql } from './sql-parse';

// DuckDB computes a call for a whole vector of 2,048 rows before it looks at an interrupt, so a
// cap is chosen for 2,048 calls: about half a second of edit distances, or 1.6 GB of BIGINT lists.
/** Cells of an edit-distance table one call may fill: the product of its texts' lengths. */
export const MAX_COMPARED_CELLS = 200_000;
/** Elements, characters or bytes one call may make. */
export const MAX_BUILT = 100_000;

type Node = Record<string, unknown>;

/**
 * Each capped function: a condition over its arguments (`__1`, `__2`, ... stand for them) that,
 * when true, makes the call fail; and the argument the check wraps.
 */
interface Cap {
  when: (arity: number) => string | null;
  wraps: (arity: number) => number;
  why: string;
}

const number = (n: number) => `TRY_CAST(__${n} AS DOUBLE)`;
const EDIT_DISTANCE: Cap = {
  when: (arity) =>
    arity >= 2 ? `length(__1)::DOUBLE * length(__2)::DOUBLE > ${MAX_COMPARED_CELLS}` : null,
  wraps: () => 1,
  why:
    `compares texts whose lengths multiply to at most ${MAX_COMPARED_CELLS} here ` +
    '(say 400 and 500 characters): its work is that product',
};

const RANGE: Cap = {
  when: (arity) => {
    if (arity === 1) return `abs(${number(1)}) > ${MAX_BUILT}`;
    const span = `(${number(2)} - ${number(1)})`;
    if (arity === 2) return `abs${span} > ${MAX_BUILT}`;
    return arity === 3 ? `abs(${span} / ${number(3)}) > ${MAX_BUILT}` : null;
  },
  wraps: () => 1,
  why: `makes lists of at most ${MAX_BUILT} elements here`,
};

const SIZE_ARGUMENT = (position: number): Cap => ({
  when: (arity) => (arity >= position ? `${number(position)} > ${MAX_BUILT}` : null),
  wraps: () => position,
  why: `makes values of at most ${MAX_BUILT} elements or characters here`,
});

const CAPS: Readonly<Record<string, Cap>> = {
  levenshtein: EDIT_DISTANCE,
  damerau_levenshtein: EDIT_DISTANCE,
  editdist3: EDIT_DISTANCE,
  jaro_similarity: EDIT_DISTANCE,
  jaro_winkler_similarity: EDIT_DISTANCE,
  range: RANGE,
  generate_series: RANGE,
  repeat: {
    when: (arity) =>
      arity === 2 ? `${number(2)} * greatest(length(__1), 1) > ${MAX_BUILT}` : null,
    wraps: () => 2,
    why: `makes values of at most ${MAX_BUILT} elements or characters here`,
  },
  lpad: SIZE_ARGUMENT(2),
  rpad: SIZE_ARGUMENT(2),
  list_resize: SIZE_ARGUMENT(2),
  array_resize: SIZE_ARGUMENT(2),
  bar: SIZE_ARGUMENT(4),
};

/** Widths and precisions allocate what they name: printf's `%2000000000d`, format's `{:>2000000000}`. */
const WIDE_FORMATS: Readonly<Record<string, RegExp>> = {
  printf: /%[^a-zA-Z%]*\d{6,}/,
  format: /\{[^{}]*:[^{}]*\d{6,}/,
};

export function isCapped(name: string): boolean {
  return name in CAPS;
}

/**
 * The query with every capped call checking its arguments, or null when it has none. A format
 * string must be a literal without a width of seven digits or more.
 */
export async function capCalls(
  connection: DuckDBConnection,
  tree: unknown,
): Promise<string | null> {
  let changed = false;
  const templates = new Map<string, Node>();
  const rewrite = async (item: unknown, asTable = false, inLambda = false): Promise<unknown> => {
    // One element at a time: templates are parsed on the caller's connection, which runs one
    // query at a time, and a refusal must not leave a parse running when the caller closes it.
    if (Array.isArray(item)) {
      const entries: unknown[] = [];
      for (const entry of item) entries.push(await rewrite(entry, false, inLambda));
      return entries;
    }
    if (item === null || typeof item !== 'object') return item;
    const node: Node = {};
    const table = (item as Node).type === 'TABLE_FUNCTION';
    const lambda = inLambda || (item as Node).class === 'LAMBDA';
    for (const [key, value] of Object.entries(item as Node)) {
      node[key] = await rewrite(value, table && key === 'function', lambda);
    }
    // A table function (FROM range(n)) streams its rows vector by vector: no cap needed.
    if (asTable || node.class !== 'FUNCTION' || typeof node.function_name !== 'string') {
      return node;
    }
    const name = node.function_name.toLowerCase();
    const children = Array.isArray(node.children) ? (node.children as Node[]) : [];
    if (name in WIDE_FORMATS) formatProblem(name, children[0]);
    const cap = CAPS[name];
    const condition = cap?.when(children.length) ?? null;
    if (cap === undefined || condition === null) return node;
    if (inLambda) {
      // Each element would make its own value: the caps would multiply, not bound.
      throw new TurnwiseError(
        'read_only',
        `${name}() cannot be called inside a lambda or list comprehension here`,
      );
    }
    const key = `${name}/${children.length}`;
    let template = templates.get(key);
    if (template === undefined) {
      const wrapped = `__${cap.wraps(children.length)}`;
      const message = `${name}() ${cap.why}`.replaceAll("'", "''");
      template = await expressionTree(
        connection,
        `CASE WHEN ${condition} THEN error('${message}') ELSE ${wrapped} END`,
      );
      templates.set(key, template);
    }
    const at = cap.wraps(children.length) - 1;
    const args = children.map((child, index) =>
      index === at ? withArguments(template, children) : child,
    );
    changed = true;
    return { ...node, children: args };
  };
  const named = await nameCappedColumns(connection, tree);
  const rewritten = await rewrite(named);
  return changed ? render(connection, rewritten) : null;
}

/** Whether a call of a capped function (not as a table) is in the subtree. */
function hasCappedCall(item: unknown): boolean {
  if (Array.isArray(item)) return item.some(hasCappedCall);
  if (item === null || typeof item !== 'object') return false;
  const node = item as Node;
  const name = typeof node.function_name === 'string' ? node.function_name.toLowerCase() : '';
  if (node.class === 'FUNCTION' && name in CAPS) return true;
  const { function: call, ...rest } = node;
  if (node.type === 'TABLE_FUNCTION')
    return hasCappedCall(rest) || hasCappedCall((call as Node).children);
  return Object.values(node).some(hasCappedCall);
}

/**
 * The tree with each unnamed select item that holds a capped call named as DuckDB would name it
 * (its own text), so the rewritten query's columns keep the names the person's query had.
 */
async function nameCappedColumns(connection: DuckDBConnection, tree: unknown): Promise<unknown> {
  const name = async (item: unknown): Promise<unknown> => {
    if (Array.isArray(item)) {
      const entries: unknown[] = [];
      for (const entry of item) entries.push(await name(entry));
      return entries;
    }
    if (item === null || typeof item !== 'object') return item;
    const node: Node = {};
    for (const [key, value] of Object.entries(item as Node)) node[key] = await name(value);
    if (node.type !== 'SELECT_NODE' || !Array.isArray(node.select_list)) return node;
    const list: Node[] = [];
    for (const entry of node.select_list as Node[]) {
      const unnamed = entry.alias === '' && hasCappedCall(entry);
      list.push(unnamed ? { ...entry, alias: await expressionText(connection, entry) } : entry);
    }
    return { ...node, select_list: list };
  };
  return name(tree);
}

/** DuckDB's text of one expression. */
async function expressionText(connection: DuckDBConnection, expression: Node): Promise<string> {
  const skeleton = (await statementTree(connection, 'SELECT 1')) as { node: Node };
  const text = await render(connection, {
    ...skeleton,
    node: { ...skeleton.node, select_list: [expression] },
  });
  // DuckDB quotes a keyword used as a function name ("range"(3)); its column names do not.
  return text.replace(/^SELECT /, '').replace(/"(\w+)"\(/g, '$1(');
}

function formatProblem(name: string, format: Node | undefined): void {
  const value = (format?.value as { value?: unknown } | undefined)?.value;
  if (format?.class !== 'CONSTANT') {
    throw new TurnwiseError('read_only', `${name}(): write its format as a literal here`);
  }
  if (typeof value === 'string' && WIDE_FORMATS[name]?.test(value) === true) {
    throw new TurnwiseError(
      'read_only',
      `${name}(): a width or precision of 100000 or more is refused (it allocates that much)`,
    );
  }
}

/** The template with `__N` replaced by the call's N-th argument (a copy of its tree). */
function withArguments(template: Node, children: Node[]): Node {
  const replace = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(replace);
    if (item === null || typeof item !== 'object') return item;
    const node = item as Node;
    const names = node.column_names;
    if (node.class === 'COLUMN_REF' && Array.isArray(names) && names.length === 1) {
      const match = /^__(\d)$/.exec(String(names[0]));
      const argument = match === null ? undefined : children[Number(match[1]) - 1];
      if (argument !== undefined) return structuredClone(argument);
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, replace(value)]));
  };
  return { ...(replace(template) as Node), alias: '' };
}

/** The tree of one statement of our own text. */
async function statementTree(connection: DuckDBConnection, sql: string): Promise<unknown> {
  const parsed = await parseSql(connection, sql);
  const statement = parsed.ok ? parsed.statements[0] : undefined;
  if (statement === undefined) throw new TurnwiseError('internal', `${sql}: did not parse`);
  return statement;
}

async function expressionTree(connection: DuckDBConnection, expression: string): Promise<Node> {
  const statement = (await statementTree(connection, `SELECT ${expression}`)) as {
    node: { select_list: Node[] };
  };
  const node = statement.node.select_list[0];
  if (node === undefined) throw new TurnwiseError('internal', 'a call cap did not parse');
  return node;
}

/** DuckDB's text for a statement tree. */
async function render(connection: DuckDBConnection, tree: unknown): Promise<string> {
  // JSON numbers past 2^53 (an absent query_location is 2^64 - 1) do not survive JSON.parse;
  // locations only place error messages, so they are dropped to 0.
  const json = JSON.stringify({ error: false, statements: [tree] }, (key, value: unknown) =>
    key === 'query_location' ? 0 : value,
  );
  try {
    const reader = await connection.runAndReadAll(
      'SELECT system.main.json_deserialize_sql($1::JSON) AS sql',
      [json],
    );
    return String(reader.getRowObjectsJS()[0]?.sql);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new TurnwiseError(
      'read_only',
      `a query that calls ${Object.keys(CAPS).join(', ')} is rewritten to check their ` +
        `arguments, and this one could not be (${why}); write it as a plain SELECT`,
    );
  }
}
