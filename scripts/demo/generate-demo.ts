// Entry point of `npm run demo:generate`: writes the demo dataset (see datasets/demo/README.md).

import { parseCliArgs, USAGE, UsageError } from './cli-options';
import { writeJsonl } from './jsonl-writer';
import { generateRollouts } from './rollouts';

async function main(argv: readonly string[]): Promise<number> {
  let options;
  try {
    options = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`demo:generate: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const started = Date.now();
  const { tasks, rollouts, seed, model, checkpoint } = options;
  const records = generateRollouts({ tasks, rollouts, seed, model, checkpoint });
  const summary = await writeJsonl(records, options.out);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const rate = summary.records === 0 ? 0 : summary.successes / summary.records;
  console.log(
    `wrote ${summary.records} rollouts in ${summary.groups} groups to ${options.out} ` +
      `(${(summary.bytes / 1e6).toFixed(2)} MB, success rate ${rate.toFixed(3)}, ${seconds}s)`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`demo:generate: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
