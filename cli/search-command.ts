// turnwise search --db FILE TEXT: searches every turn of the workspace for TEXT (case ignored,
// taken literally) as the explorer's "text in any turn" filter does, with progress; Ctrl-C stops
// it and keeps the matches found so far. The matches are kept, so the explorer, `compare
// --filter` and `export` with the same text read them instead of scanning again.
import type { ApiOutput } from '../shared/api';
import { jobResult } from '../shared/job-result';
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import type { CommandSpec } from './command-spec';
import { formatTable, printJson, printLine, usageFailure } from './output';
import { followJob } from './run-job';

const SHOWN = 20;

export const SEARCH_COMMAND: CommandSpec = {
  name: 'search',
  summary: 'Search the text of every turn; the explorer filter then reads the matches.',
  usage: ['--db FILE TEXT [--limit N]'],
  options: [
    { name: 'db', value: 'FILE', description: 'the workspace (required)' },
    {
      name: 'limit',
      value: 'N',
      description: 'matching trajectories to list',
      default: String(SHOWN),
    },
  ],
  run: searchCommand,
};

export async function searchCommand(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, SEARCH_COMMAND);
  const db = requireDb(values);
  if (positionals.length !== 1) {
    throw usageFailure('give the text to search for as one argument (quote it)');
  }
  const text = positionals[0] ?? '';
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 0) throw usageFailure('--limit must be 0 or more');
  await withEngine(db, false, async (engine) => {
    const job = await call(engine, 'startTextSearch', { text }, 'search');
    const final = await followJob(engine, job, 'search', values.json === true);
    const state = jobResult(final, 'search');
    const list: ApiOutput<'listTrajectories'> =
      limit === 0
        ? { rows: [], total: state.trajectories }
        : await call(engine, 'listTrajectories', { text, limit }, 'search');
    const trajectories = list.rows.map((row) => ({
      trajectory_id: row.trajectory_id,
      task_id: row.task_id,
      success: row.success,
      reward: row.reward,
    }));
    if (values.json) {
      printJson({ ...state, first: trajectories });
      return;
    }
    printLine(
      `${state.trajectories} trajectories have a turn containing '${state.text}' ` +
        `(${state.turns_total} turns searched).`,
    );
    if (trajectories.length > 0)
      printLine(formatTable(Object.keys(trajectories[0] ?? {}), trajectories));
  });
}
