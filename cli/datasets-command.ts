// turnwise stats: the workspace's datasets with their counts.
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import type { CommandSpec } from './command-spec';
import { formatTable, printJson, printLine } from './output';

export const STATS_COMMAND: CommandSpec = {
  name: 'stats',
  summary: "List the workspace's datasets with their counts and success rates.",
  usage: ['--db FILE [--json]'],
  options: [{ name: 'db', value: 'FILE', description: 'the workspace (required; read-only)' }],
  run: statsCommand,
};

export async function statsCommand(args: string[]): Promise<void> {
  const { values } = parse(args, STATS_COMMAND);
  const db = requireDb(values);
  await withEngine(db, true, async (engine) => {
    const { datasets } = await call(engine, 'listDatasets', {}, 'stats');
    // Groups mixing different prompts make outcome advantages meaningless: worth a column. The
    // checks run side by side on the workspace's reader connections.
    const checks = await Promise.all(
      datasets.map(({ dataset_id }) => call(engine, 'checkGroups', { dataset_id }, 'stats')),
    );
    const rows = datasets.map(
      ({ dataset_id, name, format, trajectories, turns, groups, success_rate }, index) => ({
        dataset_id,
        name,
        format,
        trajectories,
        turns,
        groups,
        mixed_prompt_groups: checks[index]?.mixed_prompt_groups ?? 0,
        success_rate,
      }),
    );
    if (values.json) {
      printJson({ datasets: rows });
      return;
    }
    if (rows.length === 0)
      printLine('No datasets yet. Import one with: turnwise import PATH --db FILE');
    else {
      printLine(formatTable(Object.keys(rows[0] ?? {}), rows));
      const mixed = rows.filter((row) => row.mixed_prompt_groups > 0);
      for (const row of mixed) {
        printLine(
          `Dataset '${row.dataset_id}': ${row.mixed_prompt_groups} groups mix different prompts; ` +
            `regroup it (turnwise regroup --by ...) so each group shares one prompt.`,
        );
      }
    }
  });
}
