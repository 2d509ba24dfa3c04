// turnwise segmentation --db FILE --dataset ID [--set NAME | --reset] [--json]
import type { DatasetSegmentation } from '../shared/api-segmentation';
import { SEGMENTATION_NAMES, parseSegmentation } from '../shared/segments';
import type { Engine } from '../engine/core/engine-types';
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import type { CommandSpec } from './command-spec';
import { printJson, printLine, usageFailure } from './output';

export const SEGMENTATION_COMMAND: CommandSpec = {
  name: 'segmentation',
  summary: "Show or set a dataset's segmentation: what a step is for labels, judge and credit.",
  usage: [
    '--db FILE --dataset ID',
    '--db FILE --dataset ID --set NAME',
    '--db FILE --dataset ID --reset',
  ],
  options: [
    { name: 'db', value: 'FILE', description: 'the workspace (required)' },
    { name: 'dataset', value: 'ID', description: 'the dataset (required)' },
    {
      name: 'set',
      value: 'action|turn|window:N|merge_identical',
      description: 'store this choice',
    },
    {
      name: 'reset',
      description: 'back to the default (turn for dialogues, action otherwise)',
      default: false,
    },
  ],
  run: segmentationCommand,
};

/**
 * The segmentation a command uses: the --segmentation flag, else the dataset's (when one dataset
 * is named), else undefined (the API's default, action).
 */
export async function segmentationFor(
  engine: Engine,
  flag: unknown,
  datasetId: string | undefined,
  what: string,
): Promise<string | undefined> {
  if (typeof flag === 'string') return flag;
  if (datasetId === undefined) return undefined;
  const choice = await call(engine, 'getDatasetSegmentation', { dataset_id: datasetId }, what);
  return choice.segmentation;
}

/** segmentationFor as the optional `segmentation` field of an API request. */
export async function segmentationInput(
  engine: Engine,
  flag: unknown,
  datasetId: unknown,
  what: string,
): Promise<{ segmentation?: string }> {
  const id = typeof datasetId === 'string' ? datasetId : undefined;
  const segmentation = await segmentationFor(engine, flag, id, what);
  return segmentation === undefined ? {} : { segmentation };
}

function describe(dataset: string, choice: DatasetSegmentation): string[] {
  const origin = choice.is_default ? ` (default: ${choice.default_reason})` : '';
  return [
    `Dataset '${dataset}': segmentation ${choice.segmentation}${origin}.`,
    `${choice.assistant_actions} of ${choice.assistant_turns} assistant messages are actions; ` +
      `the default is ${choice.default_segmentation}.`,
  ];
}

export async function segmentationCommand(args: string[]): Promise<void> {
  const { values } = parse(args, SEGMENTATION_COMMAND);
  const db = requireDb(values);
  const dataset = values.dataset;
  if (typeof dataset !== 'string') throw usageFailure('--dataset ID is required');
  const set = typeof values.set === 'string' ? values.set : null;
  if (set !== null && values.reset) throw usageFailure('give --set or --reset, not both');
  if (set !== null && parseSegmentation(set) === null)
    throw usageFailure(`--set is ${SEGMENTATION_NAMES}, not '${set}'`);

  await withEngine(db, false, async (engine) => {
    const result =
      set !== null || values.reset === true
        ? await call(
            engine,
            'setDatasetSegmentation',
            { dataset_id: dataset, segmentation: set },
            'segmentation',
          )
        : await call(engine, 'getDatasetSegmentation', { dataset_id: dataset }, 'segmentation');
    if (values.json) printJson(result);
    else for (const line of describe(dataset, result)) printLine(line);
  });
}
