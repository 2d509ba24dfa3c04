// Reads `--workspace <file.duckdb>` (or `--workspace=<file>`) from the app's argv. Chromium may
// add its own switches to argv (notably on 'second-instance'), so the flag is searched, not indexed.
import path from 'node:path';

const FLAG = '--workspace';

/** The absolute workspace path given on the command line, or null. */
export function parseWorkspaceArg(argv: readonly string[], cwd: string): string | null {
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === undefined) continue;
    let value: string | undefined;
    if (arg === FLAG) value = argv[i + 1];
    else if (arg.startsWith(`${FLAG}=`)) value = arg.slice(FLAG.length + 1);
    else continue;
    if (value === undefined || value === '' || value.startsWith('--')) return null;
    return path.resolve(cwd, value);
  }
  return null;
}
