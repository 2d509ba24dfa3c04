// The allowlist walk over a DuckDB parse tree (json_serialize_sql output) for the SQL guard
// (docs/security.md). Fail-closed: a construct this file does not know is refused, so a DuckDB
// upgrade that adds syntax or functions needs a reviewed decision here, never a silent pass.
import FUNCTIONS from './sql-functions.json' with { type: 'json' };

/** Built-in scalar, aggregate and macro functions a person's SQL may call. */
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set(FUNCTIONS.allowed);
/** Built-ins refused, each with the reason the refusal names. */
export const DENIED_FUNCTIONS: Readonly<Record<string, string>> = FUNCTIONS.denied;

/** Table functions that make rows from their arguments and read nothing else. */
export const ALLOWED_TABLE_FUNCTIONS: ReadonlySet<string> = new Set([
  'range',
  'generate_series',
  'unnest',
  'json_each',
  'json_tree',
]);

/** Expression classes: fixed operators and forms; functions are checked by name. */
const EXPRESSION_CLASSES = new Set([
  'BETWEEN',
  'CASE',
  'CAST',
  'COLLATE',
  'COLUMN_REF',
  'COMPARISON',
  'CONJUNCTION',
  'CONSTANT',
  'FUNCTION',
  'LAMBDA',
  'OPERATOR',
  'POSITIONAL_REFERENCE',
  'STAR',
  'SUBQUERY',
  'WINDOW',
]);
const QUERY_NODES = new Set([
  'SELECT_NODE',
  'SET_OPERATION_NODE',
  'RECURSIVE_CTE_NODE',
  'CTE_NODE',
]);
const TABLE_REFS = new Set([
  'BASE_TABLE',
  'EMPTY',
  'EXPRESSION_LIST',
  'JOIN',
  'PIVOT',
  'SHOW_REF',
  'SUBQUERY',
  'TABLE_FUNCTION',
]);
const MODIFIERS = new Set([
  'ORDER_MODIFIER',
  'LIMIT_MODIFIER',
  'LIMIT_PERCENT_MODIFIER',
  'DISTINCT_MODIFIER',
  'ORDER_DEFAULT',
  'ASCENDING',
  'DESCENDING',
]);

/** A CTE name that cannot be read as a file (no dot, slash or colon) and is a plain identifier. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface GuardScope {
  /** Relations the SQL may read by name (lower case): the public views, or a probe's stand-in. */
  relations: ReadonlySet<string>;
  /** Non-public relation names in the workspace's catalog (lower case), which no CTE may shadow. */
  catalogNames: ReadonlySet<string>;
  /** Functions allowed beyond the built-ins (the attach macros for attach specs). */
  extraFunctions?: ReadonlySet<string>;
}

type Node = Record<string, unknown>;

/** The first reason the tree is refused, or null when every node is on the allowlist. */
export function treeProblem(tree: unknown, scope: GuardScope): string | null {
  const cteNames = new Set<string>();
  const problem = collectCtes(tree, scope, cteNames);
  return problem ?? walk(tree, scope, cteNames);
}

/**
 * Every CTE name in the query. A reference counts as a CTE when the name is defined anywhere in
 * the query (a superset of DuckDB's scoping); that is safe because no CTE may share a name with
 * a relation of the catalog, so an out-of-scope name can only fail to bind.
 */
function collectCtes(tree: unknown, scope: GuardScope, names: Set<string>): string | null {
  for (const node of nodesOf(tree)) {
    const map = (node.cte_map as { map?: { key?: unknown }[] } | undefined)?.map ?? [];
    for (const entry of map) {
      const name = typeof entry.key === 'string' ? entry.key : '';
      const lower = name.toLowerCase();
      if (!IDENTIFIER.test(name)) return `the CTE name '${name}' must be a plain identifier`;
      if (scope.catalogNames.has(lower) || lower.startsWith('tw_')) {
        return `the CTE name '${name}' is the name of an internal table; choose another`;
      }
      names.add(lower);
    }
  }
  return null;
}

function* nodesOf(tree: unknown): Generator<Node> {
  const stack: unknown[] = [tree];
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) stack.push(...(item as unknown[]));
    else if (item !== null && typeof item === 'object') {
      const node = item as Node;
      yield node;
      // A table function's call is checked by name in tableProblem, so the call node itself is
      // not walked as a scalar call; every field of it is (arguments, FILTER, ORDER BY, ...).
      const { function: call, ...rest } = node;
      stack.push(...Object.values(node.type === 'TABLE_FUNCTION' ? rest : node));
      if (node.type === 'TABLE_FUNCTION' && call !== null && typeof call === 'object') {
        stack.push(...Object.values(call as Node));
      }
    }
  }
}

function walk(tree: unknown, scope: GuardScope, cteNames: ReadonlySet<string>): string | null {
  for (const node of nodesOf(tree)) {
    const problem = nodeProblem(node, scope, cteNames);
    if (problem !== null) return problem;
  }
  return null;
}

function nodeProblem(node: Node, scope: GuardScope, cteNames: ReadonlySet<string>): string | null {
  const type = node.type;
  if (typeof type !== 'string') return null;
  if (typeof node.class === 'string') return expressionProblem(node, scope);
  if (QUERY_NODES.has(type) || MODIFIERS.has(type) || type.endsWith('_TYPE_INFO')) return null;
  if (TABLE_REFS.has(type)) return tableProblem(node, scope, cteNames);
  return `the SQL construct ${type} is not supported here`;
}

function expressionProblem(node: Node, scope: GuardScope): string | null {
  const kind = String(node.class);
  if (!EXPRESSION_CLASSES.has(kind)) {
    return kind === 'PARAMETER'
      ? 'parameters ($1, ?) cannot be bound here; write the value'
      : `the SQL construct ${kind} is not supported here`;
  }
  if (kind === 'FUNCTION') return functionProblem(node, scope);
  // Window functions proper (row_number, lag, ...) are fixed forms; aggregates name a function.
  if (kind === 'WINDOW' && node.type === 'WINDOW_AGGREGATE') return functionProblem(node, scope);
  return null;
}

function functionProblem(node: Node, scope: GuardScope): string | null {
  const name = String(node.function_name ?? '').toLowerCase();
  const catalog = String(node.catalog ?? '');
  const schema = String(node.schema ?? '');
  if (!['', 'system'].includes(catalog) || !['', 'main', 'pg_catalog'].includes(schema)) {
    return `${[catalog, schema, name].filter((p) => p !== '').join('.')}(): functions of other schemas or databases cannot be called`;
  }
  if (scope.extraFunctions?.has(name) === true) return null;
  const denied = DENIED_FUNCTIONS[name];
  if (denied !== undefined) return `${name}() is refused: it ${denied}`;
  if (!ALLOWED_FUNCTIONS.has(name)) return `${name}() is not an allowed function`;
  return null;
}

function tableProblem(node: Node, scope: GuardScope, cteNames: ReadonlySet<string>): string | null {
  switch (node.type) {
    case 'BASE_TABLE':
      return baseTableProblem(node, scope, cteNames);
    case 'TABLE_FUNCTION': {
      const fn = (node.function ?? {}) as Node;
      const name = String(fn.function_name ?? '').toLowerCase();
      const qualified = String(fn.schema ?? '') !== '' || String(fn.catalog ?? '') !== '';
      if (ALLOWED_TABLE_FUNCTIONS.has(name) && !qualified) return null;
      return `${name}() reads files, other databases, settings or SQL text; only ${[...ALLOWED_TABLE_FUNCTIONS].join(', ')} may be used as tables`;
    }
    case 'SHOW_REF': {
      // DESCRIBE and SUMMARIZE of a query are that query (checked as part of the tree).
      const shows = ['DESCRIBE', 'SUMMARY'].includes(String(node.show_type));
      if (shows && node.query !== null && String(node.table_name ?? '') === '') return null;
      return `SHOW lists the whole catalog; the public views are ${[...scope.relations].join(', ')}`;
    }
    default:
      return null;
  }
}

function baseTableProblem(
  node: Node,
  scope: GuardScope,
  cteNames: ReadonlySet<string>,
): string | null {
  const name = String(node.table_name ?? '');
  const lower = name.toLowerCase();
  const schema = String(node.schema_name ?? '');
  const catalog = String(node.catalog_name ?? '');
  if (node.at_clause !== null && node.at_clause !== undefined) {
    return `${name} AT (...): time travel is not supported`;
  }
  const unqualified = schema === '' && catalog === '';
  if (unqualified && cteNames.has(lower)) return null;
  if (catalog === '' && ['', 'main'].includes(schema) && scope.relations.has(lower)) return null;
  if (/[/\\:.~*?]/.test(name)) {
    return `'${name}' would be read as a file or URL; only the workspace's public views can be read`;
  }
  const shown = [catalog, schema, name].filter((p) => p !== '').join('.');
  return `${shown} is not a public view; the public views are ${[...scope.relations].join(', ')}`;
}
