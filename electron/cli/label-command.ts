// turnwise label --db FILE --labeler heuristic|judge [--dataset ID] [--segmentation action]
//   [--endpoint URL --model NAME --concurrency N --api-key-env VAR --prompt-version V --limit N]
//   [--json]
// The heuristic labeler runs here; the judge is judge-label.ts. Without --dataset every dataset
// is labeled (the heuristic labeler does it in one transaction).
import type { HeuristicLabelSummary } from '../../shared/api-labels';
import { parseSegmentation } from '../../shared/segments';
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import { judgeLabelCommand } from './judge-label';
import { printJson, usageFailure } from './output';
import { followJob } from './run-job';

const JUDGE_FLAGS = [
  'endpoint',
  'model',
  'concurrency',
  'api-key-env',
  'prompt-version',
  'limit',
] as const;

function describeSummary(summary: HeuristicLabelSummary): string {
  const scope = summary.dataset_id === null ? 'all datasets' : `dataset '${summary.dataset_id}'`;
  const roles = Object.entries(summary.counts)
    .map(([role, n]) => `${role} ${n}`)
    .join(', ');
  const segmentation = summary.segmentation === 'action' ? '' : ` (${summary.segmentation})`;
  return [
    `Labeled ${summary.labeled} segments${segmentation} of ${summary.trajectories} trajectories ` +
      `in ${scope} as ${summary.source} in ${summary.seconds.toFixed(2)} s` +
      (summary.replaced > 0
        ? `, replacing ${summary.replaced} earlier labels of this version.`
        : '.'),
    `Roles: ${roles}.`,
  ].join('\n');
}

export async function labelCommand(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, {
    db: { type: 'string' },
    labeler: { type: 'string' },
    dataset: { type: 'string' },
    segmentation: { type: 'string' },
    endpoint: { type: 'string' },
    model: { type: 'string' },
    concurrency: { type: 'string' },
    'api-key-env': { type: 'string' },
    'prompt-version': { type: 'string' },
    limit: { type: 'string' },
  });
  if (positionals.length > 0) throw usageFailure(`unexpected argument '${positionals[0]}'`);
  const db = requireDb(values);
  const labeler = values.labeler;
  if (labeler !== 'heuristic' && labeler !== 'judge')
    throw usageFailure('--labeler is heuristic or judge');
  const segmentation = values.segmentation;
  if (typeof segmentation === 'string' && parseSegmentation(segmentation) === null)
    throw usageFailure(
      `--segmentation is action, merge_identical or window:N (N >= 1), not '${segmentation}'`,
    );
  if (labeler === 'judge') {
    // The judge labels the default segmentation (judge-label.ts takes no --segmentation).
    if (segmentation !== undefined && segmentation !== 'action')
      throw usageFailure("--labeler judge labels 'action' segments; drop --segmentation");
    await judgeLabelCommand(values);
    return;
  }
  const judgeOnly = JUDGE_FLAGS.find((flag) => values[flag] !== undefined);
  if (judgeOnly !== undefined) throw usageFailure(`--${judgeOnly} goes with --labeler judge`);
  const dataset = values.dataset;
  if (dataset === '') throw usageFailure('--dataset needs an id');

  await withEngine(db, false, async (engine) => {
    const job = await call(
      engine,
      'startHeuristicLabels',
      {
        ...(typeof dataset === 'string' ? { dataset_id: dataset } : {}),
        ...(typeof segmentation === 'string' ? { segmentation } : {}),
      },
      'label',
    );
    // Progress on stderr; Ctrl-C cancels and the job's transaction leaves earlier labels as they were.
    const final = await followJob(engine, job, 'label', values.json === true);
    const summary = final.result as HeuristicLabelSummary;
    if (values.json) printJson({ labeler: 'heuristic', ...summary });
    else console.log(describeSummary(summary));
  });
}
