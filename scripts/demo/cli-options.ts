// Command-line options of `npm run demo:generate`.

import { CHECKPOINT_MODEL, CHECKPOINT_OUT } from './checkpoint';
import { DEFAULT_ROLLOUT_OPTIONS, type RolloutOptions } from './rollouts';

export const DEFAULT_OUT = 'datasets/demo/demo.jsonl';

export interface CliOptions extends RolloutOptions {
  out: string;
  help: boolean;
}

export const USAGE = `Usage: npm run demo:generate -- [--tasks N] [--rollouts N] [--seed N] [--model NAME] [--out PATH] [--checkpoint]

Writes the synthetic Turnwise demo dataset (turnwise rollout format, JSONL).
  --tasks N      number of tasks, one GRPO group each (default ${DEFAULT_ROLLOUT_OPTIONS.tasks})
  --rollouts N   rollouts per task (default ${DEFAULT_ROLLOUT_OPTIONS.rollouts})
  --seed N       generator seed (default ${DEFAULT_ROLLOUT_OPTIONS.seed})
  --model NAME   value of the model field (default ${DEFAULT_ROLLOUT_OPTIONS.model})
  --out PATH     output file (default ${DEFAULT_OUT})
  --checkpoint   the fine-tuned checkpoint's run of the same tasks instead of the base run
                 (default --model ${CHECKPOINT_MODEL}, --out ${CHECKPOINT_OUT})`;

export class UsageError extends Error {}

function integer(flag: string, text: string | undefined, minimum: number): number {
  if (text === undefined || !/^-?\d+$/.test(text))
    throw new UsageError(`${flag} needs an integer, got ${text ?? 'nothing'}`);
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < minimum)
    throw new UsageError(`${flag} must be an integer >= ${minimum}, got ${text}`);
  return value;
}

/** Parses `--flag value` and `--flag=value` forms; throws UsageError on anything else. */
export function parseCliArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { ...DEFAULT_ROLLOUT_OPTIONS, out: DEFAULT_OUT, help: false };
  // --checkpoint changes the defaults of these two, whatever the order of the flags.
  let model: string | undefined;
  let out: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') {
      options.help = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq < 0 ? arg : arg.slice(0, eq);
    const inline = eq < 0 ? undefined : arg.slice(eq + 1);
    const value = (): string | undefined => {
      if (inline !== undefined) return inline;
      i += 1;
      return argv[i];
    };
    switch (flag) {
      case '--checkpoint':
        if (inline !== undefined) throw new UsageError(`${flag} takes no value`);
        options.checkpoint = true;
        break;
      case '--tasks':
        options.tasks = integer(flag, value(), 1);
        break;
      case '--rollouts':
        options.rollouts = integer(flag, value(), 1);
        break;
      case '--seed':
        options.seed = integer(flag, value(), 0);
        break;
      case '--model':
      case '--out': {
        const text = value();
        if (text === undefined || text === '') throw new UsageError(`${flag} needs a value`);
        if (flag === '--model') model = text;
        else out = text;
        break;
      }
      default:
        throw new UsageError(`unknown argument: ${arg}`);
    }
  }
  options.model = model ?? (options.checkpoint ? CHECKPOINT_MODEL : DEFAULT_ROLLOUT_OPTIONS.model);
  options.out = out ?? (options.checkpoint ? CHECKPOINT_OUT : DEFAULT_OUT);
  return options;
}
