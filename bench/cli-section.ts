// The CLI section: how long `turnwise` takes to answer as a whole process, best of several runs,
// against Node's own start (`node -e 0`) and against the same commands run from the TypeScript
// sources through tsx (how bin/turnwise.js ran before it used the build). Targets (issue 22):
// formats and --help under 250 ms, stats on the demo under 500 ms.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { buildCli, currentCliBuild } from '../scripts/cli-build.mjs';
import { ensureDemoWorkspace } from '../scripts/demo-workspace';
import { runStamp } from './run-task';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = 7;

function bestSeconds(args: string[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUNS; i += 1) {
    const started = process.hrtime.bigint();
    execFileSync(process.execPath, args, { cwd: root, stdio: 'ignore' });
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e9);
  }
  return best;
}

const fromSources = (args: string[]) => [
  '--import',
  'tsx',
  path.join(import.meta.dirname, 'tasks', 'cli-from-sources.ts'),
  ...args,
];

export async function cliSection(dir: string): Promise<string> {
  const stamp = runStamp();
  if (currentCliBuild() === null) await buildCli();
  const db = await ensureDemoWorkspace(path.join(dir, 'cli-demo.duckdb'));
  const node = bestSeconds(['-e', '0']);
  const commands: [string, string[], number][] = [
    ['formats', ['formats'], 0.25],
    ['--help', ['--help'], 0.25],
    ['stats (demo)', ['stats', '--db', db], 0.5],
  ];
  const rows = commands.map(([name, args, target]) => {
    console.log(`Timing turnwise ${name}...`);
    // Untimed: the first run of a command makes its V8 code cache (scripts/cli-load.mjs).
    execFileSync(process.execPath, [path.join(root, 'bin', 'turnwise.js'), ...args], {
      cwd: root,
      stdio: 'ignore',
    });
    const built = bestSeconds([path.join(root, 'bin', 'turnwise.js'), ...args]);
    const sources = bestSeconds(fromSources(args));
    const ms = (s: number) => (s * 1000).toFixed(0);
    return (
      `| turnwise ${name} | ${ms(built)} | ${ms(sources)} | ${(sources / built).toFixed(2)} | ` +
      `${ms(built - node)} | ${ms(target)} | ${built <= target ? 'yes' : 'no'} |`
    );
  });
  return `## CLI start

${stamp} Wall time of the whole process, best of ${RUNS}, in milliseconds; the built CLI is
bin/turnwise.js with a current build in out/cli/ (its launcher's staleness check included) and the
command's V8 code cache, made by one untimed run before. Node's own start
(\`node -e 0\`) took ${(node * 1000).toFixed(0)} ms.

| command | built (ms) | from sources via tsx (ms) | × faster than sources | beyond Node's start (ms) | target (ms) | met |
|---|---|---|---|---|---|---|
${rows.join('\n')}`;
}
