import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/test-support';
import { transaction, type TransactionConnection } from './transaction';
import { Workspace } from './workspace';

let workspace: Workspace;
let cleanup: () => void = () => undefined;

beforeEach(async () => {
  const temp = tempDir();
  cleanup = temp.cleanup;
  workspace = await Workspace.open(path.join(temp.dir, 'ws.duckdb'));
  await workspace.run('CREATE TABLE t (x INTEGER)');
});
afterEach(() => {
  workspace.close();
  cleanup();
});

const values = async () =>
  (await workspace.query('SELECT x FROM t ORDER BY x')).map((row) => row.x);

describe('workspace.transaction', () => {
  it('commits: the writes are seen after, not before, and its value is returned', async () => {
    let seenInside: unknown[] = [];
    const value = await workspace.transaction(async (tx) => {
      await tx.run('INSERT INTO t VALUES (1), (2)');
      seenInside = await values();
      return 'done';
    });
    expect(value).toBe('done');
    expect(seenInside).toEqual([]);
    expect(await values()).toEqual([1, 2]);
  });

  it('rolls back on a throw and rethrows that very error', async () => {
    const error = new Error('stop here');
    const failed = workspace.transaction(async (tx) => {
      await tx.run('INSERT INTO t VALUES (1)');
      throw error;
    });
    await expect(failed).rejects.toBe(error);
    expect(await values()).toEqual([]);
  });

  it('rethrows the original error when the ROLLBACK itself fails', async () => {
    const error = new Error('the real cause');
    const failed = workspace.transaction(async (tx) => {
      await tx.run('INSERT INTO t VALUES (1)');
      // With the transaction already gone, the helper's own ROLLBACK fails.
      await tx.run('ROLLBACK');
      await expect(tx.run('ROLLBACK')).rejects.toThrow(/no transaction/i);
      throw error;
    });
    await expect(failed).rejects.toBe(error);
    expect(await values()).toEqual([]);
  });

  it('with keep false rolls back after success; read-only refuses writes', async () => {
    const preview = await workspace.transaction(
      async (tx) => {
        await tx.run('INSERT INTO t VALUES (7)');
        return (await tx.runAndReadAll('SELECT count(*)::INTEGER AS n FROM t')).getRows();
      },
      { keep: false },
    );
    expect(preview).toEqual([[1]]);
    expect(await values()).toEqual([]);
    await expect(
      workspace.transaction((tx) => tx.run('INSERT INTO t VALUES (1)'), { readOnly: true }),
    ).rejects.toThrow(/read-only/i);
    expect(await values()).toEqual([]);
  });

  it('runs concurrent transactions side by side, each on its own connection', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = workspace.transaction(async (tx) => {
      await tx.run('INSERT INTO t VALUES (1)');
      await gate;
    });
    // The second commits while the first is still open; neither takes in the other's statements.
    await workspace.transaction((tx) => tx.run('INSERT INTO t VALUES (2)'));
    expect(await values()).toEqual([2]);
    release();
    await slow;
    expect(await values()).toEqual([1, 2]);
  });

  it('refuses a transaction started inside another one, and the outer one rolls back', async () => {
    const nested = workspace.transaction(async (tx) => {
      await tx.run('INSERT INTO t VALUES (1)');
      await workspace.transaction((inner) => inner.run('INSERT INTO t VALUES (2)'));
    });
    await expect(nested).rejects.toMatchObject({
      code: 'internal',
      message: expect.stringMatching(/inside another transaction/),
    });
    expect(await values()).toEqual([]);
    // Once it is over, the workspace takes new transactions as before.
    await workspace.transaction((tx) => tx.run('INSERT INTO t VALUES (3)'));
    expect(await values()).toEqual([3]);
  });
});

describe('transaction(connection, fn)', () => {
  it('refuses a second transaction on the same connection, nested or concurrent', async () => {
    const connection = await workspace.connect();
    try {
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const first = transaction(connection, async (tx) => {
        await tx.run('INSERT INTO t VALUES (1)');
        await gate;
      });
      await expect(transaction(connection, async () => undefined)).rejects.toMatchObject({
        code: 'internal',
        message: expect.stringMatching(/already open on this connection/),
      });
      release();
      await first;
      expect(await values()).toEqual([1]);
      // Closed transactions leave the connection free for the next one.
      await transaction(connection, (tx) => tx.run('INSERT INTO t VALUES (2)'));
      expect(await values()).toEqual([1, 2]);
    } finally {
      connection.closeSync();
    }
  });

  it('keeps the original error when the connection refuses even ROLLBACK', async () => {
    const statements: string[] = [];
    const broken: TransactionConnection = {
      run: (sql) => {
        statements.push(sql);
        return sql === 'ROLLBACK'
          ? Promise.reject(new Error('connection lost'))
          : Promise.resolve();
      },
    };
    const error = new Error('the write failed');
    await expect(transaction(broken, () => Promise.reject(error))).rejects.toBe(error);
    expect(statements).toEqual(['BEGIN TRANSACTION', 'ROLLBACK']);
  });
});
