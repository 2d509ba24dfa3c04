// A workspace in a temporary folder for one test file: opened before its tests, closed and
// removed after them.
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { tempDir } from './test-support';
import { Workspace } from '../store/workspace';

/** Registers the hooks; the returned function gives the open workspace inside a test. */
export function tempWorkspace(): () => Workspace {
  let workspace: Workspace | undefined;
  let cleanup: () => void = () => undefined;
  beforeAll(async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    workspace = await Workspace.open(path.join(temp.dir, 'ws.duckdb'));
  });
  afterAll(() => {
    workspace?.close();
    cleanup();
  });
  return () => {
    if (workspace === undefined) throw new Error('the temporary workspace is not open yet');
    return workspace;
  };
}
