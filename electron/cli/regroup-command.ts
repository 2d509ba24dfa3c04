// turnwise regroup --db FILE --dataset ID (--by "SQL EXPR" [--dry-run] | --reset) [--json]
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import { formatTable, printJson, usageFailure } from './output';

export async function regroupCommand(args: string[]): Promise<void> {
  const { values } = parse(args, {
    db: { type: 'string' },
    dataset: { type: 'string' },
    by: { type: 'string' },
    reset: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
  });
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
        console.log(`${preview.groups} groups (largest first):`);
        console.log(formatTable(['group_id', 'trajectories', 'success_rate'], preview.sample));
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
    else console.log(`Dataset '${dataset}' now has ${result.groups} groups.`);
  });
}
