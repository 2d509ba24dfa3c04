// The `turnwise` command (DESIGN section 7).
import { TurnwiseError } from '../shared/result';
import { creditCommand } from './cli/credit-command';
import { exportCommand } from './cli/export-command';
import { importCommand } from './cli/import-command';
import { judgeCommand } from './cli/judge-command';
import { labelCommand } from './cli/label-command';
import { CliFailure, failureFrom } from './cli/output';
import { formatsCommand, statsCommand } from './cli/query-commands';
import { redactionsCommand } from './cli/redactions-command';
import { regroupCommand } from './cli/regroup-command';
import { reviewCommand } from './cli/review-command';
import { scoreCommand } from './cli/score-command';
import { serveCommand } from './cli/serve-command';
import { sqlCommand } from './cli/sql-command';

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  import: importCommand,
  formats: formatsCommand,
  stats: statsCommand,
  sql: sqlCommand,
  redactions: redactionsCommand,
  regroup: regroupCommand,
  credit: creditCommand,
  label: labelCommand,
  judge: judgeCommand,
  export: exportCommand,
  score: scoreCommand,
  review: reviewCommand,
  serve: serveCommand,
};

const USAGE = `usage: turnwise <command> [options]

  import PATH... --db FILE [--format auto|NAME] [--dataset NAME] [--on-error abort|skip] [--json]
         [--reward-field PATH] [--success-field PATH] [--task-field PATH] [--group-field PATH]
         [--report FILE]   (a SWE-bench style results report, joined for resolution)
         [--mapping SPEC.json [--save-mapping NAME]]   (a user mapping; later: --format mapping:NAME)
         [--attach]   (Parquet: read the files in place through views, copying only an index)
         [--keep-secrets]   (store secrets found in the text; by default they are redacted)
  formats [--json]
  stats --db FILE [--json]
  sql --db FILE "SELECT ..." [--max-rows N] [--timeout S] [--max-mb N] [--json]     read-only
      --db FILE --save-limits [--timeout S] [--max-mb N]   the workspace's query limits
  redactions --db FILE --dataset ID [--limit 200] [--json]   secrets redacted at import, by kind
  regroup --db FILE --dataset ID (--by "SQL EXPRESSION" [--dry-run] | --reset) [--json]
  credit --db FILE [--dataset ID] [--segmentation action|window:N|merge_identical]
         [--advantage grpo|dr_grpo] [--lambda 0.2] [--beta 1.0] [--token-agg mean] [--step-agg min]
         [--failure-method min_cumulative|sharpest_drop|sharpest_abs_drop] [--std sample|population]
         [--eps 1e-6] [--whiten] [--json]
  label --db FILE --labeler heuristic|judge [--dataset ID] [--segmentation action] [--json]
        [--endpoint URL --model NAME --concurrency 4 --api-key-env VAR --prompt-version V --limit N]
  judge --db FILE prompts [--json]              judge prompt versions, the one in use marked
  judge --db FILE use --version ID [--json]     put a prompt version in use (keep or roll back)
  judge --db FILE eval --version ID [--endpoint URL --model NAME] [--segmentation S] [--json]
        accuracy, per-role F1, kappa vs approved counterexamples and human labels
  score --db FILE --policy-endpoint URL --ref-endpoint URL (either may be omitted) [--json]
        [--policy-model M] [--ref-model M] [--dataset ID] [--only-missing] [--concurrency 4]
        [--api-key-env VAR] [--rendering chat_template|chatml] [--timeout 300] [--retries 4]
  export --db FILE --target trl-sft|trl-kto|trl-dpo --out DIR [--dataset NAME] [--where SQL] [--json]
         [--max-per-task N] [--outcome any|success|failure|unknown] [--segmentation action] [--overwrite]
  review --db FILE list [--status pending|approved|rejected|relabeled] [--rule RULE] [--json]
         decide ITEM_ID --approve|--reject|--relabel ROLE [--note TEXT] [--by NAME] [--json]
         undo ITEM_ID [--by NAME] [--json]
         queue [--dataset NAME] [--segmentation action] [--rule RULE] [--min-confidence 0.6] [--json]
  serve --db FILE [--port 0] [--host 127.0.0.1]   (another address listens beyond this machine: warned)
        [--max-upload-mb 4096] [--max-uploads 1000]   (browser-mode upload caps)
        [--log-dir DIR]   (writes serve.log and engine.log there; without it nothing is logged)`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  const run = COMMANDS[command];
  if (!run) {
    process.stderr.write(`turnwise: usage: unknown command '${command}'\n${USAGE}\n`);
    return 2;
  }
  try {
    await run(rest);
    return 0;
  } catch (error) {
    const failure =
      error instanceof CliFailure
        ? error
        : error instanceof TurnwiseError
          ? failureFrom(command, { code: error.code, message: error.message })
          : new CliFailure(command, error instanceof Error ? error.message : String(error), 1);
    process.stderr.write(`turnwise: ${failure.what}: ${failure.why}\n`);
    return failure.exitCode;
  }
}
