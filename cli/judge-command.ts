// turnwise judge --db FILE <subcommand> ...: routes to the subcommand, which parses its own flags.
//   prompts, use   judge-prompts.ts (prompt versions, the one in use)
//   eval           judge-eval.ts (a prompt version measured against the suite)
import { parseArgs } from 'node:util';
import type { CommandSpec } from './command-spec';
import { JUDGE_EVAL_COMMAND } from './judge-eval';
import { JUDGE_PROMPTS_COMMAND, JUDGE_USE_COMMAND } from './judge-prompts';
import { usageFailure } from './output';

const SUBCOMMANDS = [JUDGE_PROMPTS_COMMAND, JUDGE_USE_COMMAND, JUDGE_EVAL_COMMAND];

export const JUDGE_COMMAND: CommandSpec = {
  name: 'judge',
  summary: "Manage the LLM judge's prompt versions and measure them.",
  usage: SUBCOMMANDS.flatMap((sub) => sub.usage),
  options: [],
  subcommands: SUBCOMMANDS,
  run: judgeCommand,
};

// Every flag of any subcommand that takes a value, so its value is not taken for the subcommand.
const VALUE_FLAGS = [
  ...new Set(
    SUBCOMMANDS.flatMap((sub) => sub.options)
      .filter((option) => option.value !== undefined)
      .map((option) => option.name),
  ),
];

/** The index in args of the first positional argument (the subcommand), or -1. */
function subcommandIndex(args: string[]): number {
  const { tokens } = parseArgs({
    args,
    options: Object.fromEntries(VALUE_FLAGS.map((flag) => [flag, { type: 'string' as const }])),
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  return tokens.find((token) => token.kind === 'positional')?.index ?? -1;
}

export async function judgeCommand(args: string[]): Promise<void> {
  const at = subcommandIndex(args);
  const name = at < 0 ? undefined : args[at];
  const names = SUBCOMMANDS.map((sub) => sub.name).join(', ');
  if (name === undefined) throw usageFailure(`judge needs a subcommand: ${names}`);
  const sub = SUBCOMMANDS.find((candidate) => candidate.name === name);
  if (sub === undefined) throw usageFailure(`unknown judge subcommand '${name}' (${names})`);
  await sub.run([...args.slice(0, at), ...args.slice(at + 1)]);
}
