// turnwise regroup --db FILE --dataset ID (--by "SQL EXPR" [--dry-run] | --reset) [--json]
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import type { CommandSpec } from './command-spec';
import { formatTable, printJson, printLine, usageFailure } from './output';

export const REGROUP_COMMAND: CommandSpec = {
  name: 'regroup',
  summary: "Regroup a dataset's trajectories by a SQL expression, or restore the imported groups.",
  usage: [
    '--db FILE --dataset ID --by "SQL EXPRESSION" [--dry-run]',
    '--db FILE --dataset ID --reset',
  ],
  options: [
    { name: 'db', value: 'FILE', description: 'the workspace (required)' },
    { name: 'dataset', value: 'ID', description: 'the dataset (required)' },
    {
      name: 'by',
      value: 'SQL',
      description: 'an expression over the trajectories view that names the group',
    },
    { name: 'reset', description: 'back to the groups of the import', default: false },
    {
      name: 'dry-run',
      description: 'with --by: show the groups it would make, change nothing',
      default: false,
    },
  ],
  run: regroupCommand,
};

export async function regroupCommand(args: string[]): Promise<void> {
  const { values } = parse(args, REGROUP_COMMAND);
  const db = requireDb(values);
  const dataset = values.dataset;
  if (typeof dataset !== 'string') throw usageFailure('--dataset ID is required');
  const by = typeof values.by === 'string' ? values.by : null;
  if ((by === null) === !values.reset)
    throw usageFailure('give either --by "SQL EXPRESSION" or --reset');
  if (values['dry-run'] && by === null) throw usageFailure('--dry-run goes with --by');

  await withEngine(db, false, async (engine) => {
    if (values['dry-run'] && by !== null) {
      const preview = await call(
        engine,
        'previewRegroup',
        { dataset_id: dataset, expression: by },
        'regroup',
      );
      if (values.json) printJson(preview);
      else {
        printLine(`${preview.groups} groups (largest first):`);
        printLine(formatTable(['group_id', 'trajectories', 'success_rate'], preview.sample));
      }
      return;
    }
    const result = await call(
      engine,
      'regroupDataset',
      { dataset_id: dataset, expression: by },
      'regroup',
    );
    if (values.json) printJson(result);
    else printLine(`Dataset '${dataset}' now has ${result.groups} groups.`);
  });
}
