// The `turnwise` command; its help is written from each command's option table (cli/command-spec.ts).
import { TurnwiseError } from '../shared/result';
import type { CommandSpec } from './command-spec';
import { COMPARE_COMMAND } from './compare-command';
import { RUN_COMMAND, RUNS_COMMAND } from './runs-command';
import { CREDIT_COMMAND } from './credit-command';
import { EXPORT_COMMAND } from './export-command';
import { commandHelp, overallHelp } from './help';
import { FORMATS_COMMAND, IMPORT_COMMAND } from './import-command';
import { JUDGE_COMMAND } from './judge-command';
import { LABEL_COMMAND } from './labels-command';
import {
  CliFailure,
  type CliStreams,
  failureFrom,
  output,
  printLine,
  PROCESS_STREAMS,
  withStreams,
  writeToProcessStderr,
} from './output';
import { STATS_COMMAND } from './datasets-command';
import { OUTCOME_COMMAND } from './outcome-command';
import { SEGMENTATION_COMMAND } from './segmentation-command';
import { REDACTIONS_COMMAND } from './redactions-command';
import { REGROUP_COMMAND } from './groups-command';
import { REVIEW_COMMAND } from './review-command';
import { SCORE_COMMAND } from './scoring-command';
import { SEARCH_COMMAND } from './search-command';
import { SERVE_COMMAND } from './serve-command';
import { SQL_COMMAND } from './sql-command';
import {
  setUnstoppableQueryHandler,
  type UnstoppableQueryHandler,
} from '../engine/store/bounded-query';

/** The commands in the order `turnwise --help` lists them. */
export const COMMANDS: readonly CommandSpec[] = [
  IMPORT_COMMAND,
  FORMATS_COMMAND,
  STATS_COMMAND,
  SEARCH_COMMAND,
  SQL_COMMAND,
  REDACTIONS_COMMAND,
  REGROUP_COMMAND,
  OUTCOME_COMMAND,
  SEGMENTATION_COMMAND,
  CREDIT_COMMAND,
  LABEL_COMMAND,
  JUDGE_COMMAND,
  EXPORT_COMMAND,
  SCORE_COMMAND,
  COMPARE_COMMAND,
  RUNS_COMMAND,
  RUN_COMMAND,
  REVIEW_COMMAND,
  SERVE_COMMAND,
];

const USAGE = overallHelp(COMMANDS);

const isHelp = (arg: string | undefined) => arg === '--help' || arg === '-h';

/** A request for help among a command's arguments (before any `--`). */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some(isHelp);
}

/**
 * Runs `turnwise argv` and returns its exit code. Its output goes to `streams`: this process's
 * by default, a caller's buffers when a test runs the command in its own process.
 */
export async function main(argv: string[], streams: CliStreams = PROCESS_STREAMS): Promise<number> {
  return withStreams(streams, () => runCommand(argv));
}

async function runCommand(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'help' && rest[0] !== undefined) return runCommand([rest[0], '--help']);
  if (command === undefined || isHelp(command) || command === 'help') {
    printLine(USAGE);
    return command === undefined ? 2 : 0;
  }
  const spec = COMMANDS.find((candidate) => candidate.name === command);
  if (!spec) {
    output().stderr(`turnwise: usage: unknown command '${command}'\n${USAGE}\n`);
    return 2;
  }
  if (asksForHelp(rest)) {
    printLine(commandHelp(spec));
    return 0;
  }
  const previousHandler = endOnUnstoppableQuery(command);
  try {
    await spec.run(rest);
    return 0;
  } catch (error) {
    const failure =
      error instanceof CliFailure
        ? error
        : error instanceof TurnwiseError
          ? failureFrom(command, { code: error.code, message: error.message })
          : new CliFailure(command, error instanceof Error ? error.message : String(error), 1);
    output().stderr(`turnwise: ${failure.what}: ${failure.why}\n`);
    return failure.exitCode;
  } finally {
    // A process that runs more than one command (a test's) is left as it was.
    setUnstoppableQueryHandler(previousHandler);
  }
}

/**
 * A query that goes on past its time limit, cancel or memory budget inside one DuckDB call
 * (bounded-query.ts) ends the command with its answer. Not with process.exit(): Node's exit
 * waits for the thread the call runs on, so it would come only when the call ends. A kill is
 * immediate; the shell sees status 137, and the workspace keeps every committed change. The
 * message goes to this process's stderr, whatever streams main() was given, as it is the
 * process that ends: the kill waits until it is written. Returns the handler set before.
 */
function endOnUnstoppableQuery(command: string): UnstoppableQueryHandler | null {
  return setUnstoppableQueryHandler((error) => {
    const failure = failureFrom(command, { code: error.code, message: error.message });
    writeToProcessStderr(
      `turnwise: ${failure.what}: ${failure.why}. DuckDB could not interrupt it inside one call, ` +
        'so turnwise was ended\n',
      () => process.kill(process.pid, 'SIGKILL'),
    );
  });
}
