import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWorkspaceArg } from './launch-args';

const cwd = path.resolve('/home/me/project');

describe('parseWorkspaceArg', () => {
  it('reads --workspace <file> and --workspace=<file>, resolved against cwd', () => {
    expect(parseWorkspaceArg(['electron', '.', '--workspace', 'demo.duckdb'], cwd)).toBe(
      path.join(cwd, 'demo.duckdb'),
    );
    expect(parseWorkspaceArg(['app', '--workspace=/data/w.duckdb'], cwd)).toBe(
      path.resolve('/data/w.duckdb'),
    );
  });

  it('finds the flag among Chromium switches', () => {
    const argv = ['app', '--allow-file-access-from-files', '--workspace', 'w.duckdb', '--enable-x'];
    expect(parseWorkspaceArg(argv, cwd)).toBe(path.join(cwd, 'w.duckdb'));
  });

  it('returns null when the flag is absent or has no value', () => {
    expect(parseWorkspaceArg(['app', '.'], cwd)).toBeNull();
    expect(parseWorkspaceArg(['app', '--workspace'], cwd)).toBeNull();
    expect(parseWorkspaceArg(['app', '--workspace='], cwd)).toBeNull();
    expect(parseWorkspaceArg(['app', '--workspace', '--inspect'], cwd)).toBeNull();
  });
});
