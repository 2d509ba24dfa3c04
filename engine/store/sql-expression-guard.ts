// SQL expressions a person writes that Turnwise embeds in its own statements: export `--where`
// and regroup `--by` (over the trajectories view), and the column expressions of attachment
// specs read back from a workspace. Each is checked inside a probe query of a fixed shape, and
// callers embed that very probe as a subquery, never the bare text, so what runs is what was
// checked (docs/security.md).
import type { DuckDBConnection } from '@duckdb/node-api';
import { TurnwiseError } from '../../shared/result';
import { capCalls } from './sql-call-caps';
import { catalogNames } from './sql-guard';
import { parseSql } from './sql-parse';
import { treeProblem } from './sql-guard-tree';

export interface ExpressionProbe {
  /** The relation the expression reads (a public view, or a stand-in for a file's row). */
  relation: string;
  /** Columns of that relation the probe passes through beside the expression's `value`. */
  columns: readonly string[];
  /** Functions allowed beyond the built-ins. */
  extraFunctions?: ReadonlySet<string>;
  /** How refusals start, e.g. "where condition". */
  label: string;
}

/** Where a quoted run that starts at `i` ends (the index after it), or -1 when it is not closed. */
function quotedEnd(text: string, i: number): number | null {
  const ch = text[i] ?? '';
  // E'...' takes backslash escapes; '...' and "..." double their quote to escape it.
  const escaped =
    (ch === 'E' || ch === 'e') && text[i + 1] === "'" && !/\w/.test(text[i - 1] ?? '');
  if (ch === "'" || ch === '"' || escaped) {
    const quote = escaped ? "'" : ch;
    for (let j = escaped ? i + 2 : i + 1; j < text.length; j += 1) {
      if (escaped && text[j] === '\\') j += 1;
      else if (text[j] === quote) {
        if (text[j + 1] !== quote) return j + 1;
        j += 1;
      }
    }
    return -1;
  }
  // Dollar quoting: $$...$$ or $tag$...$tag$ (a tag is an identifier without digits first).
  const dollar = ch === '$' ? /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i)) : null;
  if (dollar !== null) {
    const close = text.indexOf(dollar[0], i + dollar[0].length);
    return close < 0 ? -1 : close + dollar[0].length;
  }
  return null;
}

/**
 * A first, lexical look with clear messages: outside quoted runs (every quoting form DuckDB has:
 * '...', E'...', "...", $$...$$ and $tag$...$tag$) the text may not end a statement, hold a
 * comment or close a parenthesis it did not open. It only explains common mistakes in words: the
 * guarantee is the parse-tree check below, and that callers embed exactly the checked text.
 */
export function expressionTextProblem(text: string): string | null {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const end = quotedEnd(text, i);
    if (end === -1) return 'a quoted string or name is not closed';
    if (end !== null) {
      i = end - 1;
      continue;
    }
    const ch = text[i] ?? '';
    const pair = text.slice(i, i + 2);
    if (ch === ';') return 'it contains ";"; give one expression, not statements';
    if (pair === '--' || pair === '/*') return 'comments are not allowed';
    if (ch === '(') depth += 1;
    if (ch === ')') depth -= 1;
    if (depth < 0) return 'it closes a parenthesis it did not open';
  }
  if (depth !== 0) return 'its parentheses are not balanced';
  return null;
}

/**
 * The expression as the probe holds it: in parentheses on lines of their own. Text embedded in
 * this form is read by DuckDB's lexer exactly as in the probe (a line comment ends before the
 * closing parenthesis in both), so embedding it runs what the guard checked.
 */
export function embeddedExpression(expression: string): string {
  return `(\n${expression.trim()}\n)`;
}

/** The probe text: `SELECT <columns>, (<expression>) AS value FROM <relation>`. */
export function probeSql(expression: string, probe: ExpressionProbe): string {
  const passed = probe.columns.map((column) => `${column}, `).join('');
  return `SELECT ${passed}${embeddedExpression(expression)} AS value FROM ${probe.relation}\n`;
}

/**
 * Checks an expression and returns the probe to embed as `(probe)`: one SELECT of exactly the
 * given columns and one expression from the relation, with no clause of its own, and every node
 * of its tree on the guard's allowlist.
 */
export async function guardExpression(
  connection: DuckDBConnection,
  expression: string,
  probe: ExpressionProbe,
): Promise<string> {
  const fail = (why: string): never => {
    throw new TurnwiseError('invalid_input', `${probe.label} refused: ${why}`);
  };
  const trimmed = expression.trim();
  if (trimmed === '') fail('it is empty');
  const lexical = expressionTextProblem(trimmed);
  if (lexical !== null) fail(lexical);
  const sql = probeSql(trimmed, probe);
  const tree = await checkedProbe(connection, sql, probe, fail);
  const capped = await capCalls(connection, tree).catch((error: unknown) =>
    fail(error instanceof Error ? error.message : String(error)),
  );
  // What runs is DuckDB's text of the rewritten probe, checked again like the person's own.
  if (capped === null) return sql;
  await checkedProbe(connection, capped, probe, fail);
  return capped;
}

/** The probe's tree once its shape and every node are checked. */
async function checkedProbe(
  connection: DuckDBConnection,
  sql: string,
  probe: ExpressionProbe,
  fail: (why: string) => never,
): Promise<unknown> {
  const parsed = await parseSql(connection, sql);
  if (!parsed.ok) return fail(parsed.message);
  if (parsed.statements.length !== 1) return fail('it must be one SQL expression');
  const tree = parsed.statements[0];
  const shape = shapeProblem(tree, probe);
  if (shape !== null) fail(shape);
  const problem = treeProblem(tree, {
    relations: new Set([probe.relation]),
    catalogNames: await catalogNames(connection),
    ...(probe.extraFunctions === undefined ? {} : { extraFunctions: probe.extraFunctions }),
  });
  if (problem !== null) fail(problem);
  return tree;
}

type Node = Record<string, unknown>;

function shapeProblem(tree: unknown, probe: ExpressionProbe): string | null {
  const node = ((tree as Node | null)?.node ?? {}) as Node;
  const list = Array.isArray(node.select_list) ? (node.select_list as Node[]) : [];
  const from = (node.from_table ?? {}) as Node;
  const passes = probe.columns.every((column, index) => {
    const item = list[index];
    const names = item?.column_names;
    return item?.class === 'COLUMN_REF' && Array.isArray(names) && names.join('.') === column;
  });
  const plain =
    node.type === 'SELECT_NODE' &&
    list.length === probe.columns.length + 1 &&
    passes &&
    from.type === 'BASE_TABLE' &&
    from.table_name === probe.relation &&
    from.alias === '' &&
    from.sample === null &&
    node.where_clause === null &&
    node.having === null &&
    node.qualify === null &&
    node.sample === null &&
    (node.group_expressions as unknown[] | undefined)?.length === 0 &&
    (node.modifiers as unknown[] | undefined)?.length === 0 &&
    ((node.cte_map as { map?: unknown[] } | undefined)?.map ?? []).length === 0;
  return plain ? null : 'it must be one expression, without clauses of its own';
}
