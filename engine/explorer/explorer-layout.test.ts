// The explorer's column layout through dispatch: kept in the workspace across a reopen, one per
// workspace, reset by an empty layout, and a stored value that no longer parses is the default.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExplorerLayout } from '../../shared/api-explorer';
import { openEngine } from '../engine';
import { callOk } from '../testing/dispatch-test-support';
import { tempDir } from '../testing/test-support';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const LAYOUT: ExplorerLayout = {
  columns: [
    { id: 'trajectory_id', width: 200, hidden: false },
    { id: 'dataset_id', width: 90, hidden: true },
    { id: 'no_longer_a_column', width: 60, hidden: false },
  ],
};

describe('explorer layout', () => {
  it('is kept in the workspace, per workspace, and reset by an empty layout', async () => {
    const first = path.join(tmp.dir, 'first.duckdb');
    let engine = await openEngine({ dbPath: first });
    expect(await callOk(engine, 'getExplorerLayout', {})).toEqual({ columns: [] });
    expect(await callOk(engine, 'setExplorerLayout', LAYOUT)).toEqual(LAYOUT);
    await engine.close();

    engine = await openEngine({ dbPath: first });
    expect(await callOk(engine, 'getExplorerLayout', {})).toEqual(LAYOUT);
    const other = await openEngine({ dbPath: path.join(tmp.dir, 'other.duckdb') });
    expect(await callOk(other, 'getExplorerLayout', {})).toEqual({ columns: [] });
    await other.close();

    expect(await callOk(engine, 'setExplorerLayout', { columns: [] })).toEqual({ columns: [] });
    expect(await callOk(engine, 'getExplorerLayout', {})).toEqual({ columns: [] });
    await engine.close();
  });

  it('refuses widths out of range and reads an unparsable stored value as the default', async () => {
    const engine = await openEngine({ dbPath: path.join(tmp.dir, 'bad.duckdb') });
    const tiny = await engine.dispatch('setExplorerLayout', {
      columns: [{ id: 'reward', width: 3, hidden: false }],
    });
    expect(tiny.ok).toBe(false);
    await engine.workspace.run(
      `INSERT INTO tw_settings VALUES ('explorer.layout', '{"columns": "wide"}'::JSON)`,
    );
    expect(await callOk(engine, 'getExplorerLayout', {})).toEqual({ columns: [] });
    await engine.close();
  });
});
