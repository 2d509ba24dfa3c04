// turnwise outcome --db FILE --dataset ID [--rule "SQL BOOLEAN" [--dry-run] | --reset] [--json]
import type { OutcomeCounts } from '../shared/api-outcome';
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import type { CommandSpec } from './command-spec';
import { printJson, printLine, usageFailure } from './output';

export const OUTCOME_COMMAND: CommandSpec = {
  name: 'outcome',
  summary: "Show or set the rule that decides a dataset's success where its format states none.",
  usage: [
    '--db FILE --dataset ID',
    '--db FILE --dataset ID --rule "SQL BOOLEAN" [--dry-run]',
    '--db FILE --dataset ID --reset',
  ],
  options: [
    { name: 'db', value: 'FILE', description: 'the workspace (required)' },
    { name: 'dataset', value: 'ID', description: 'the dataset (required)' },
    {
      name: 'rule',
      value: 'SQL',
      description: 'a boolean expression over the trajectories view, e.g. "reward >= 0.5"',
    },
    {
      name: 'reset',
      description: 'back to the default (reward >= 1 when rewards are all 0 or 1)',
      default: false,
    },
    {
      name: 'dry-run',
      description: 'with --rule: show the counts it would give, change nothing',
      default: false,
    },
  ],
  run: outcomeCommand,
};

function countsLine(counts: OutcomeCounts): string {
  return (
    `${counts.success} success, ${counts.failure} failure, ${counts.unknown} unknown ` +
    `(${counts.explicit} stated by the format, which no rule changes)`
  );
}

export async function outcomeCommand(args: string[]): Promise<void> {
  const { values } = parse(args, OUTCOME_COMMAND);
  const db = requireDb(values);
  const dataset = values.dataset;
  if (typeof dataset !== 'string') throw usageFailure('--dataset ID is required');
  const rule = typeof values.rule === 'string' ? values.rule : null;
  if (rule !== null && values.reset) throw usageFailure('give --rule or --reset, not both');
  if (values['dry-run'] && rule === null) throw usageFailure('--dry-run goes with --rule');

  await withEngine(db, false, async (engine) => {
    if (values['dry-run'] && rule !== null) {
      const counts = await call(
        engine,
        'previewOutcomeRule',
        { dataset_id: dataset, rule },
        'outcome',
      );
      if (values.json) printJson(counts);
      else printLine(`With ${rule}: ${countsLine(counts)}.`);
      return;
    }
    const changing = rule !== null || values.reset === true;
    const result = changing
      ? await call(engine, 'setOutcomeRule', { dataset_id: dataset, rule }, 'outcome')
      : await call(engine, 'getOutcomeRule', { dataset_id: dataset }, 'outcome');
    if (values.json) printJson(result);
    else {
      const shown = result.rule ?? 'none (success unknown where the format is silent)';
      printLine(`Dataset '${dataset}': rule ${shown}${result.is_default ? ' (default)' : ''}.`);
      printLine(countsLine(result.counts));
    }
  });
}
