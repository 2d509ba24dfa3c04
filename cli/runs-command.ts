// turnwise runs --db FILE: every dataset as a run, with its lineage (the export it was trained
// from, and the run that export came from) and the current best. turnwise run --db FILE
// --dataset ID [...]: sets what a run is, names its export, keeps it or rolls it back.
import type { RunInfo } from '../shared/api-runs';
import { withoutUndefined } from '../shared/without-undefined';
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import type { CommandSpec } from './command-spec';
import { formatTable, printJson, printLine, usageFailure } from './output';

export const RUNS_COMMAND: CommandSpec = {
  name: 'runs',
  summary: 'List the runs (datasets) with their lineage, success rate and the current best.',
  usage: ['--db FILE [--json]'],
  options: [{ name: 'db', value: 'FILE', description: 'the workspace (required; read-only)' }],
  run: runsCommand,
};

export const RUN_COMMAND: CommandSpec = {
  name: 'run',
  summary: 'Mark a dataset as a run: model, checkpoint, the export it was trained from, kept.',
  usage: [
    '--db FILE --dataset ID [--model M] [--checkpoint C] [--step N] [--notes TEXT]',
    '--db FILE --dataset ID [--trained-from DIR|MANIFEST|EXPORT_ID|none] [--keep|--roll-back]',
  ],
  options: [
    { name: 'db', value: 'FILE', description: 'the workspace (required)' },
    { name: 'dataset', value: 'ID', description: 'the run (required)' },
    { name: 'model', value: 'M', description: "the model's name ('' clears it)" },
    { name: 'checkpoint', value: 'C', description: "the checkpoint ('' clears it)" },
    { name: 'step', value: 'N', description: "the training step ('' clears it)" },
    { name: 'notes', value: 'TEXT', description: "free notes ('' clears them)" },
    {
      name: 'trained-from',
      value: 'EXPORT',
      description: 'an export folder, its manifest or a recorded export id; none clears it',
    },
    { name: 'keep', description: 'keep this run as the current best', default: false },
    {
      name: 'roll-back',
      description: 'roll it back: the best returns to the run it was trained from',
      default: false,
    },
  ],
  run: runCommand,
};

const percent = (x: number | null) => (x === null ? '-' : `${(100 * x).toFixed(1)}%`);

const RUN_COLUMNS = ['run', 'model', 'trained_from', 'tasks', 'success', 'reward', 'verdict'];

/** The runs as a text table, the best marked `*`. */
function runTable(runs: readonly RunInfo[]): string {
  const rows = runs.map((run) => ({
    run: `${run.best ? '* ' : ''}${run.dataset_id}`,
    model: [run.model, run.checkpoint].filter((x) => x !== null).join(' @ ') || '-',
    trained_from: run.trained_from === null ? '-' : `${run.trained_from} (${run.parent ?? '?'})`,
    tasks: String(run.tasks),
    success: percent(run.success_rate),
    reward: run.mean_reward === null ? '-' : run.mean_reward.toFixed(3),
    verdict: run.verdict ?? '-',
  }));
  return formatTable(RUN_COLUMNS, rows, 100);
}

export async function runsCommand(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, RUNS_COMMAND);
  if (positionals.length > 0) throw usageFailure(`unexpected argument '${positionals[0]}'`);
  await withEngine(requireDb(values), true, async (engine) => {
    const listed = await call(engine, 'listRuns', {}, 'runs');
    if (values.json) return printJson(listed);
    printLine(runTable(listed.runs));
    printLine(`\n* the current best run${listed.best === null ? ' (none set)' : ''}.`);
  });
}

/** '' clears a text field; absent leaves it. */
const textField = (value: unknown) =>
  typeof value !== 'string' ? undefined : value === '' ? null : value;

function stepField(value: unknown): number | null | undefined {
  if (typeof value !== 'string') return undefined;
  if (value === '') return null;
  if (!/^\d+$/.test(value)) throw usageFailure('--step is a whole number (or empty to clear)');
  return Number(value);
}

export async function runCommand(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, RUN_COMMAND);
  if (positionals.length > 0) throw usageFailure(`unexpected argument '${positionals[0]}'`);
  const db = requireDb(values);
  if (typeof values.dataset !== 'string') throw usageFailure('run needs --dataset ID');
  if (values.keep === true && values['roll-back'] === true)
    throw usageFailure('--keep and --roll-back exclude each other');
  const trained = values['trained-from'];
  const fields = withoutUndefined({
    model: textField(values.model),
    checkpoint: textField(values.checkpoint),
    step: stepField(values.step),
    notes: textField(values.notes),
    trained_from: typeof trained !== 'string' ? undefined : trained === 'none' ? null : trained,
  });
  await withEngine(db, false, async (engine) => {
    let run = await call(
      engine,
      'setRun',
      { dataset_id: values.dataset as string, ...fields },
      'run',
    );
    const verdict =
      values.keep === true ? 'kept' : values['roll-back'] === true ? 'rolled_back' : null;
    let best: string | null | undefined;
    if (verdict !== null) {
      best = (await call(engine, 'decideRun', { dataset_id: run.dataset_id, verdict }, 'run')).best;
      run = { ...run, verdict, best: best === run.dataset_id };
    }
    if (values.json) return printJson(best === undefined ? run : { ...run, current_best: best });
    printLine(runTable([run]));
    if (best !== undefined) printLine(`The current best run is ${best ?? 'none'}.`);
  });
}
