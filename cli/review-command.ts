// turnwise review --db FILE list|decide|undo|queue ...: the forms and options are REVIEW_COMMAND.
// The review queue from the command line (docs/review.md); decisions commit before the answer.
import { jobResult } from '../shared/job-result';
import type { ReviewQueueItem } from '../shared/api-review';
import { DEFAULT_PROGRESS_DROP, REVIEW_RULES, REVIEW_STATUSES } from '../shared/api-review';
import { ROLE_LABELS } from '../shared/model';
import { SEGMENTATION_NAMES, parseSegmentation } from '../shared/segments';
import type { Engine } from '../engine/core/engine-types';
import { parse, requireDb, type Parsed } from './args';
import { call, withEngine } from './call';
import { segmentationInput } from './segmentation-command';
import type { CommandSpec } from './command-spec';
import { formatTable, printJson, printLine, usageFailure } from './output';
import { followJob } from './run-job';

const ITEM_COLUMNS = ['item_id', 'rule', 'trajectory_id', 'segment_index', 'proposed', 'status'];
const RULE_COLUMNS = [
  'rule',
  'queued',
  'pending',
  'decided',
  'approved',
  'relabeled',
  'rejected',
  'precision',
];

function oneOf<T extends string>(
  flag: string,
  value: unknown,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
    throw usageFailure(`--${flag} is one of ${allowed.join(', ')}, not '${String(value)}'`);
  return value as T;
}

function count(flag: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw usageFailure(`--${flag} takes a whole number`);
  return n;
}

/** An item as the CLI prints it: docs/cli.md names the rule `kind`. */
const withKind = (item: ReviewQueueItem) => ({ ...item, kind: item.rule });

function describeItem(item: ReviewQueueItem): string {
  const label = item.decided_label === null ? '' : ` as ${item.decided_label}`;
  const by = item.decided_by === null ? '' : ` by ${item.decided_by}`;
  return `${item.item_id}: ${item.status}${label}${by} (${item.rule}: ${item.reason})`;
}

async function list(engine: Engine, { values }: Parsed): Promise<void> {
  const status = oneOf('status', values.status, REVIEW_STATUSES);
  const rule = oneOf('rule', values.rule, REVIEW_RULES);
  const offset = count('offset', values.offset);
  const limit = count('limit', values.limit);
  const page = await call(
    engine,
    'listReviewQueue',
    {
      ...(status ? { status } : {}),
      ...(rule ? { rule } : {}),
      ...(offset !== undefined ? { offset } : {}),
      ...(limit !== undefined ? { limit } : {}),
    },
    'review list',
  );
  if (values.json) {
    printJson({ ...page, items: page.items.map(withKind) });
    return;
  }
  printLine(formatTable([...ITEM_COLUMNS, 'reason'], page.items));
  const shown = page.items.length < page.total ? ` (${page.items.length} shown)` : '';
  printLine(`${page.total} items${shown}.`);
}

async function decide(engine: Engine, { values, positionals }: Parsed): Promise<void> {
  const [itemId, extra] = positionals;
  if (itemId === undefined) throw usageFailure('review decide needs an ITEM_ID');
  if (extra !== undefined) throw usageFailure(`unexpected argument '${extra}'`);
  const chosen = [
    values.approve && 'approve',
    values.reject && 'reject',
    values.relabel && 'relabel',
  ];
  const decisions = chosen.filter((d): d is 'approve' | 'reject' | 'relabel' => Boolean(d));
  if (decisions.length !== 1)
    throw usageFailure('give exactly one of --approve, --reject, --relabel ROLE');
  const [decision] = decisions;
  const label = oneOf('relabel', values.relabel, ROLE_LABELS);
  const item = await call(
    engine,
    'decideReviewItem',
    {
      item_id: itemId,
      decision: decision ?? 'reject',
      ...(label ? { label } : {}),
      ...(typeof values.note === 'string' ? { note: values.note } : {}),
      ...(typeof values.by === 'string' ? { by: values.by } : {}),
    },
    'review decide',
  );
  if (values.json) printJson(withKind(item));
  else printLine(describeItem(item));
}

async function undo(engine: Engine, { values, positionals }: Parsed): Promise<void> {
  const [itemId, extra] = positionals;
  if (itemId === undefined) throw usageFailure('review undo needs an ITEM_ID');
  if (extra !== undefined) throw usageFailure(`unexpected argument '${extra}'`);
  const item = await call(
    engine,
    'undoReviewDecision',
    { item_id: itemId, ...(typeof values.by === 'string' ? { by: values.by } : {}) },
    'review undo',
  );
  if (values.json) printJson(withKind(item));
  else printLine(describeItem(item));
}

async function queue(engine: Engine, { values, positionals }: Parsed): Promise<void> {
  if (positionals.length > 0) throw usageFailure(`unexpected argument '${positionals[0]}'`);
  const segmentation = values.segmentation;
  if (typeof segmentation === 'string' && parseSegmentation(segmentation) === null)
    throw usageFailure(`--segmentation is ${SEGMENTATION_NAMES}, not '${segmentation}'`);
  const rule = oneOf('rule', values.rule, REVIEW_RULES);
  if (rule === 'manual') throw usageFailure("'manual' items are added by hand, not by rules");
  const minConfidence = values['min-confidence'];
  const confidence = minConfidence === undefined ? undefined : Number(minConfidence);
  if (confidence !== undefined && !(confidence >= 0 && confidence <= 1))
    throw usageFailure('--min-confidence is a number from 0 to 1');
  const minDrop = values['min-progress-drop'];
  const drop = minDrop === undefined ? undefined : Number(minDrop);
  if (drop !== undefined && !(Number.isFinite(drop) && drop >= 0))
    throw usageFailure('--min-progress-drop is a number from 0 up');
  let datasetId: string | undefined;
  if (values.dataset !== undefined) {
    // --dataset takes the name given at import (or the id).
    const { datasets } = await call(engine, 'listDatasets', {}, 'review queue');
    const found = datasets.find(
      (d) => d.name === values.dataset || d.dataset_id === values.dataset,
    );
    if (!found) throw usageFailure(`--dataset: no dataset named '${String(values.dataset)}'`);
    datasetId = found.dataset_id;
  }
  const job = await call(
    engine,
    'startReviewQueue',
    {
      ...(datasetId ? { dataset_id: datasetId } : {}),
      ...(await segmentationInput(engine, segmentation, datasetId, 'review queue')),
      ...(rule ? { rules: [rule] } : {}),
      ...(confidence !== undefined ? { min_confidence: confidence } : {}),
      ...(drop !== undefined ? { min_progress_drop: drop } : {}),
    },
    'review queue',
  );
  const final = await followJob(engine, job, 'review queue', values.json === true);
  const result = jobResult(final, 'review');
  if (values.json) {
    printJson(result);
    return;
  }
  const rules = Object.entries(result.by_rule)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');
  printLine(`Added ${result.added} review items (${rules}).`);
}

/** '0.75' for a precision, '-' while nothing is decided. */
const precisionText = (precision: number | null) =>
  precision === null ? '-' : precision.toFixed(2);

async function rules(engine: Engine, { values, positionals }: Parsed): Promise<void> {
  if (positionals.length > 0) throw usageFailure(`unexpected argument '${positionals[0]}'`);
  const stats = await call(engine, 'getReviewRuleStats', {}, 'review rules');
  if (values.json) {
    printJson(stats);
    return;
  }
  const rows = stats.rules.map((row) => ({ ...row, precision: precisionText(row.precision) }));
  printLine(formatTable(RULE_COLUMNS, rows));
}

const ACTIONS = { list, decide, undo, queue, rules } as const;

export const REVIEW_COMMAND: CommandSpec = {
  name: 'review',
  summary:
    "Work the review queue: list items, decide or undo them, queue segments by rule, see each rule's precision.",
  usage: [
    '--db FILE list [--status S] [--rule RULE] [--offset N] [--limit N]',
    '--db FILE decide ITEM_ID --approve|--reject|--relabel ROLE [--note TEXT] [--by NAME]',
    '--db FILE undo ITEM_ID [--by NAME]',
    '--db FILE rules',
    '--db FILE queue [--dataset NAME] [--segmentation S] [--rule RULE] [--min-confidence X] [--min-progress-drop X]',
  ],
  options: [
    { name: 'db', value: 'FILE', description: 'the workspace (required)' },
    { name: 'status', value: REVIEW_STATUSES.join('|'), description: 'list: only this status' },
    {
      name: 'rule',
      value: 'RULE',
      description: `list, queue: one rule (${REVIEW_RULES.join(', ')})`,
    },
    { name: 'offset', value: 'N', description: 'list: skip the first N items', applies: '0' },
    { name: 'limit', value: 'N', description: 'list: at most N items (1 to 500)', applies: '100' },
    { name: 'approve', description: "decide: accept the item's proposed label" },
    { name: 'reject', description: "decide: refuse the item's proposed label" },
    { name: 'relabel', value: 'ROLE', description: `decide: label it ${ROLE_LABELS.join('|')}` },
    { name: 'note', value: 'TEXT', description: 'decide: a note kept with the decision' },
    { name: 'by', value: 'NAME', description: 'decide, undo: who decides', applies: 'local' },
    { name: 'dataset', value: 'NAME', description: 'queue: only this dataset (name or id)' },
    {
      name: 'segmentation',
      value: 'S',
      description: "queue: the segmentation of the labels (default: the dataset's)",
      applies: 'action',
    },
    {
      name: 'min-confidence',
      value: 'X',
      description: 'queue: judge labels below this confidence are queued (0 to 1)',
      applies: '0.6',
    },
    {
      name: 'min-progress-drop',
      value: 'X',
      description: 'queue: a failure step in a success is queued when progress drops by more',
      applies: String(DEFAULT_PROGRESS_DROP),
    },
  ],
  run: reviewCommand,
};

export async function reviewCommand(args: string[]): Promise<void> {
  const parsed = parse(args, REVIEW_COMMAND);
  const db = requireDb(parsed.values);
  const [action, ...positionals] = parsed.positionals;
  if (action === undefined || !Object.hasOwn(ACTIONS, action))
    throw usageFailure(`review needs list, decide, undo, queue or rules, not '${action ?? ''}'`);
  const run = ACTIONS[action as keyof typeof ACTIONS];
  const readOnly = action === 'list' || action === 'rules';
  await withEngine(db, readOnly, (engine) => run(engine, { ...parsed, positionals }));
}
