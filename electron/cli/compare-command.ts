// turnwise compare --db FILE --runs A,B [--seed N] [--json]: two runs (datasets) on their shared
// tasks, with the statistics of docs/compare.md; the table is COMPARE_COMMAND.
import type { RunComparison } from '../../shared/api-compare';
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import type { CommandSpec } from './command-spec';
import { formatTable, printJson, usageFailure } from './output';

export const COMPARE_COMMAND: CommandSpec = {
  name: 'compare',
  summary: 'Compare two runs (datasets) task by task: fixed, broken, success rates and tests.',
  usage: ['--db FILE --runs A,B [--seed N] [--json]'],
  options: [
    { name: 'db', value: 'FILE', description: 'the workspace (required; read-only)' },
    { name: 'runs', value: 'A,B', description: 'the two dataset ids, the earlier run first' },
    { name: 'seed', value: 'N', description: "the bootstrap's seed", applies: '0' },
  ],
  run: compareCommand,
};

function runsFlag(value: unknown): [string, string] {
  const parts = typeof value === 'string' ? value.split(',').map((p) => p.trim()) : [];
  if (parts.length !== 2 || parts.some((p) => p === ''))
    throw usageFailure('--runs takes two dataset ids, A,B');
  return parts as [string, string];
}

const percent = (x: number) => `${(100 * x).toFixed(1)}%`;

function describe(result: RunComparison): string {
  const [a, b] = result.runs;
  const [lo, hi] = result.ci95;
  const only = Object.entries(result.only_in)
    .map(([run, n]) => `${n} only in ${run}`)
    .join(', ');
  const lines = [
    `${result.shared_tasks} shared tasks (${only}).`,
    `Success ${percent(result.success_a)} in ${a}, ${percent(result.success_b)} in ${b}: ` +
      `${result.difference >= 0 ? '+' : ''}${percent(result.difference)} ` +
      `(95% CI ${percent(lo)} to ${percent(hi)}).`,
    `Fixed ${result.fixed}, broken ${result.broken}, unchanged ${result.unchanged}; ` +
      `McNemar p = ${result.mcnemar_p.toPrecision(3)}, paired p = ${result.paired_p.toPrecision(3)}.`,
  ];
  const changed = result.tasks.filter((task) => task.status !== 'unchanged');
  if (changed.length > 0) {
    const rows = changed.map((task) => ({
      task_id: task.task_id,
      status: task.status,
      [a]: `${task.a.successes}/${task.a.n}`,
      [b]: `${task.b.successes}/${task.b.n}`,
    }));
    lines.push('', formatTable(['task_id', 'status', a, b], rows, 80));
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
  await withEngine(db, true, async (engine) => {
    const result = await call(engine, 'compareRuns', { runs, seed }, 'compare');
    if (values.json) printJson(result);
    else console.log(describe(result));
  });
}
