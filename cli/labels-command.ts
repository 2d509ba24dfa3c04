// turnwise label --db FILE --labeler heuristic|judge [options]: the table is LABEL_COMMAND.
// The heuristic labeler runs here; the judge is judge-label.ts. Without --dataset every dataset
// is labeled (the heuristic labeler does it in one transaction).
import { jobResult } from '../shared/job-result';
import type { HeuristicLabelSummary } from '../shared/api-labels';
import { SEGMENTATION_NAMES, parseSegmentation } from '../shared/segments';
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import { segmentationInput } from './segmentation-command';
import type { CommandSpec } from './command-spec';
import { judgeLabelCommand } from './judge-label';
import { printJson, printLine, usageFailure } from './output';
import { serverOption } from './server-flag';
import { followJob } from './run-job';

const JUDGE_FLAGS = [
  'endpoint',
  'model',
  'concurrency',
  'api-key-env',
  'prompt-version',
  'limit',
  'server',
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

const JUDGE_ONLY = '(--labeler judge)';

export const LABEL_COMMAND: CommandSpec = {
  name: 'label',
  summary: 'Label segments with the heuristic rules or an LLM judge.',
  usage: [
    '--db FILE --labeler heuristic [--dataset ID] [--segmentation action]',
    '--db FILE --labeler judge --endpoint URL --model NAME [options]',
  ],
  options: [
    { name: 'db', value: 'FILE', description: 'the workspace (required)' },
    { name: 'labeler', value: 'heuristic|judge', description: 'who labels (required)' },
    { name: 'dataset', value: 'ID', description: 'only this dataset (default: every dataset)' },
    {
      name: 'segmentation',
      value: 'action|turn|window:N|merge_identical',
      description:
        "the segments the heuristic labels (default: the dataset's; the judge labels action)",
    },
    {
      name: 'endpoint',
      value: 'URL',
      description: `an OpenAI-compatible endpoint, e.g. http://localhost:8000/v1 ${JUDGE_ONLY}`,
    },
    { name: 'model', value: 'NAME', description: `the judge model ${JUDGE_ONLY}` },
    {
      name: 'concurrency',
      value: 'N',
      description: `requests at once, 1 to 64 ${JUDGE_ONLY}`,
      applies: '4',
    },
    {
      name: 'api-key-env',
      value: 'VAR',
      description: `the environment variable holding the API key ${JUDGE_ONLY}`,
    },
    {
      name: 'prompt-version',
      value: 'V',
      description: `the judge prompt version (default: the one in use) ${JUDGE_ONLY}`,
    },
    { name: 'limit', value: 'N', description: `judge at most N segments ${JUDGE_ONLY}` },
    serverOption(JUDGE_ONLY),
  ],
  run: labelCommand,
};

export async function labelCommand(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, LABEL_COMMAND);
  if (positionals.length > 0) throw usageFailure(`unexpected argument '${positionals[0]}'`);
  const db = requireDb(values);
  const labeler = values.labeler;
  if (labeler !== 'heuristic' && labeler !== 'judge')
    throw usageFailure('--labeler is heuristic or judge');
  const segmentation = values.segmentation;
  if (typeof segmentation === 'string' && parseSegmentation(segmentation) === null)
    throw usageFailure(`--segmentation is ${SEGMENTATION_NAMES}, not '${segmentation}'`);
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
        ...(await segmentationInput(engine, segmentation, dataset, 'label')),
      },
      'label',
    );
    // Progress on stderr; Ctrl-C cancels and the job's transaction leaves earlier labels as they were.
    const final = await followJob(engine, job, 'label', values.json === true);
    const summary = jobResult(final, 'label');
    if (values.json) printJson({ labeler: 'heuristic', ...summary });
    else printLine(describeSummary(summary));
  });
}
