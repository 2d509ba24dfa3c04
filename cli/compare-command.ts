// turnwise compare --db FILE --runs A,B[,C...] [--seed N] [--tasks SCOPE] [--filter QUERY]
// [--json]: runs (datasets) on their shared tasks, each against the one before it, with the
// statistics of docs/compare.md; the table is COMPARE_COMMAND.
import { TASK_SCOPES, type RunComparison, type TaskScope } from '../shared/api-compare';
import { decodeFilterQuery } from '../shared/trajectory-filter';
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import type { CommandSpec } from './command-spec';
import { formatTable, printJson, printLine, usageFailure } from './output';

export const COMPARE_COMMAND: CommandSpec = {
  name: 'compare',
  summary: 'Compare runs (datasets) task by task: fixed, broken, success rates and tests.',
  usage: ['--db FILE --runs A,B[,C...] [--seed N] [--tasks SCOPE] [--filter QUERY] [--json]'],
  options: [
    { name: 'db', value: 'FILE', description: 'the workspace (required; read-only)' },
    {
      name: 'runs',
      value: 'A,B',
      description: 'dataset ids, earliest first; each is compared with the one before it',
    },
    { name: 'seed', value: 'N', description: "the bootstrap's seed", applies: '0' },
    {
      name: 'tasks',
      value: TASK_SCOPES.join('|'),
      description: 'the tasks the later run was trained on (its export), or those held out',
      applies: 'all',
    },
    {
      name: 'filter',
      value: 'QUERY',
      description: "the explorer's filter as in its links, e.g. 'outcome=failure&turn_error=any'",
    },
  ],
  details: [
    'With two runs --json prints one object; with more, an array of the consecutive pairs.',
  ],
  run: compareCommand,
};

function runsFlag(value: unknown): string[] {
  const parts = typeof value === 'string' ? value.split(',').map((p) => p.trim()) : [];
  if (parts.length < 2 || parts.some((p) => p === ''))
    throw usageFailure('--runs takes two or more dataset ids, A,B');
  return parts;
}

function scopeFlag(value: unknown): TaskScope {
  if (value === undefined) return 'all';
  if (!(TASK_SCOPES as readonly unknown[]).includes(value))
    throw usageFailure(`--tasks is one of ${TASK_SCOPES.join(', ')}`);
  return value as TaskScope;
}

function filterFlag(value: unknown) {
  if (typeof value !== 'string') return undefined;
  const filter = decodeFilterQuery(value.replace(/^[?#]/, ''));
  if ('dataset_id' in filter || 'dataset_ids' in filter)
    throw usageFailure('--filter cannot name datasets: --runs does');
  return filter;
}

const percent = (x: number) => `${(100 * x).toFixed(1)}%`;

const figure = (x: number | null, digits = 2) => (x === null ? '-' : x.toFixed(digits));

/** How steps moved: actions, tool errors, progress and the TRIAGE label mix, A -> B. */
function stepLines({ steps: { a, b } }: RunComparison): string[] {
  const rate = (x: number | null) => (x === null ? '-' : percent(x));
  const lines = [
    `Steps: ${figure(a.mean_actions, 1)} -> ${figure(b.mean_actions, 1)} actions a rollout; ` +
      `tool errors ${rate(a.tool_error_rate)} -> ${rate(b.tool_error_rate)}; ` +
      `progress ${figure(a.mean_progress, 3)} -> ${figure(b.mean_progress, 3)}.`,
  ];
  if (a.labelled_steps + b.labelled_steps > 0) {
    const share = (stats: typeof a, role: keyof typeof a.label_mix) =>
      stats.labelled_steps === 0 ? '-' : percent(stats.label_mix[role] / stats.labelled_steps);
    const roles = (Object.keys(a.label_mix) as (keyof typeof a.label_mix)[]).map(
      (role) => `${role} ${share(a, role)} -> ${share(b, role)}`,
    );
    lines.push(`Labels: ${roles.join('; ')}.`);
  }
  return lines;
}

function successLine({ runs: [a, b], success_a, success_b, difference, ci95 }: RunComparison) {
  if (success_a === null || success_b === null || difference === null)
    return 'No shared task with a known outcome: nothing to compare.';
  // One shared task has no interval (docs/compare.md).
  const interval =
    ci95 === null
      ? 'no interval from one task'
      : `95% CI ${percent(ci95[0])} to ${percent(ci95[1])}`;
  return (
    `Success ${percent(success_a)} in ${a}, ${percent(success_b)} in ${b}: ` +
    `${difference >= 0 ? '+' : ''}${percent(difference)} (${interval}).`
  );
}

function describe(result: RunComparison): string {
  const [a, b] = result.runs;
  const only = Object.entries(result.only_in)
    .map(([run, n]) => `${n} only in ${run}`)
    .join(', ');
  const scope = result.scope === 'all' ? '' : ` ${result.scope.replace('_', '-')}`;
  const lines = [
    `${a} -> ${b}: ${result.shared_tasks} shared${scope} task${result.shared_tasks === 1 ? '' : 's'} (${only}).`,
    successLine(result),
    ...(result.pass_at_k === null
      ? []
      : [
          `pass@${result.pass_at_k.k} ${percent(result.pass_at_k.a)} -> ${percent(result.pass_at_k.b)}; ` +
            `both right ${result.agreement.both_right}, both wrong ${result.agreement.both_wrong}.`,
        ]),
    `Fixed ${result.fixed}, broken ${result.broken}, unchanged ${result.unchanged}; ` +
      `McNemar p = ${result.mcnemar_p.toPrecision(3)}, paired p = ${result.paired_p.toPrecision(3)}.`,
  ];
  lines.push(...stepLines(result));
  const changed = result.tasks.filter((task) => task.status !== 'unchanged');
  if (changed.length > 0) {
    const lineage = result.trained_from !== null;
    const rows = changed.map((task) => ({
      task_id: task.task_id,
      status: task.status,
      [a]: `${task.a.successes}/${task.a.n}`,
      [b]: `${task.b.successes}/${task.b.n}`,
      trained: task.trained === null ? '-' : task.trained ? 'yes' : 'held out',
    }));
    const columns = ['task_id', 'status', a, b, ...(lineage ? ['trained'] : [])];
    lines.push('', formatTable(columns, rows, 80));
  }
  return lines.join('\n');
}

export async function compareCommand(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, COMPARE_COMMAND);
  if (positionals.length > 0) throw usageFailure(`unexpected argument '${positionals[0]}'`);
  const db = requireDb(values);
  const runs = runsFlag(values.runs);
  const seedText = values.seed;
  const seed = seedText === undefined ? 0 : Number(seedText);
  if (!Number.isInteger(seed) || seed < 0 || seed > 2 ** 31)
    throw usageFailure('--seed is a whole number from 0 to 2147483648');
  const tasks = scopeFlag(values.tasks);
  const filter = filterFlag(values.filter);
  await withEngine(db, true, async (engine) => {
    const results: RunComparison[] = [];
    for (let i = 1; i < runs.length; i += 1) {
      const pair: [string, string] = [runs[i - 1] as string, runs[i] as string];
      const request = { runs: pair, seed, tasks, ...(filter === undefined ? {} : { filter }) };
      results.push(await call(engine, 'compareRuns', request, 'compare'));
    }
    if (values.json) printJson(results.length === 1 ? results[0] : results);
    else printLine(results.map(describe).join('\n\n'));
  });
}
