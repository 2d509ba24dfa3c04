// turnwise judge --db FILE <subcommand> ...: routes to the subcommand, which parses its own flags.
//   prompts, use   judge-prompt-commands.ts (prompt versions, the one in use)
//   eval           judge-eval.ts (a prompt version measured against the suite)
import { parseArgs } from 'node:util';
import { judgeEvalCommand } from './judge-eval';
import { judgePromptsCommand, judgeUseCommand } from './judge-prompt-commands';
import { usageFailure } from './output';

const SUBCOMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  prompts: judgePromptsCommand,
  use: judgeUseCommand,
  eval: judgeEvalCommand,
};

// Every flag of any subcommand that takes a value, so its value is not taken for the subcommand.
const VALUE_FLAGS = [
  'db',
  'version',
  'endpoint',
  'model',
  'segmentation',
  'api-key-env',
  'concurrency',
] as const;

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
  const names = Object.keys(SUBCOMMANDS).join(', ');
  if (name === undefined) throw usageFailure(`judge needs a subcommand: ${names}`);
  const run = SUBCOMMANDS[name];
  if (run === undefined) throw usageFailure(`unknown judge subcommand '${name}' (${names})`);
  await run([...args.slice(0, at), ...args.slice(at + 1)]);
}
