// Turnwise: `turnwise import` as users run it, from the built CLI (out/cli, rebuilt if stale),
// reading threads included; timed from the command's start, so the engine's load counts.
import { pathToFileURL } from 'node:url';
import type { ImportSummary } from '../../shared/model';
import { buildCli, currentCliBuild } from '../../scripts/cli-build.mjs';
import { argument, measure } from './measure';

const file = argument(0, 'JSONL file');
const db = argument(1, 'database file');
const entry = currentCliBuild() ?? (await buildCli());
const cli = (await import(pathToFileURL(entry).href)) as {
  main: (argv: string[]) => Promise<number>;
};

await measure(async () => {
  // The command prints its summary as JSON; this task's own line must be the last one.
  const printed: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    printed.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  let code: number;
  try {
    code = await cli.main(['import', '--db', db, '--format', 'turnwise', '--json', file]);
  } finally {
    process.stdout.write = write;
  }
  if (code !== 0) throw new Error(`turnwise import exited with ${code}`);
  const summary = JSON.parse(printed.join('')) as ImportSummary;
  return { records: summary.trajectories, turns: summary.turns };
});
