import { writeFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { TurnwiseError } from '../../shared/result';
import { createDispatchByName, type ApiHandlers } from './dispatch';
import { toFailure } from './failure';

function handlers(overrides: Partial<ApiHandlers>): ApiHandlers {
  return new Proxy(overrides as ApiHandlers, {
    get: (target, key: string) =>
      (target as Record<string, unknown>)[key] ??
      (() => Promise.reject(new Error(`unexpected call to ${key}`))),
  });
}

describe('createDispatchByName', () => {
  it('rejects unknown methods', async () => {
    const dispatch = createDispatchByName(handlers({}));
    expect(await dispatch('dropEverything', {})).toEqual({
      ok: false,
      error: { code: 'unknown_method', message: "no API method named 'dropEverything'" },
    });
  });

  it('validates requests and applies defaults before the handler runs', async () => {
    let seen: unknown;
    const dispatch = createDispatchByName(
      handlers({
        listTrajectories: async (request) => {
          seen = request;
          return { total: 0, rows: [] };
        },
      }),
    );
    expect(await dispatch('listTrajectories', { limit: 0 })).toMatchObject({
      ok: false,
      error: {
        code: 'bad_request',
        message: expect.stringContaining('limit') as unknown as string,
      },
    });
    expect(await dispatch('listTrajectories', { unexpected: 1 })).toMatchObject({ ok: false });
    expect(seen).toBeUndefined();
    expect(await dispatch('listTrajectories', {})).toEqual({
      ok: true,
      value: { total: 0, rows: [] },
    });
    expect(seen).toEqual({
      outcome: 'any',
      segmentation: 'action',
      sort: 'trajectory_id',
      descending: false,
      limit: 100,
      offset: 0,
    });
  });

  it('maps typed errors to their code and other exceptions to internal', async () => {
    const dispatch = createDispatchByName(
      handlers({
        getTrajectory: () => Promise.reject(new TurnwiseError('not_found', 'no trajectory x')),
        listDatasets: () => Promise.reject(new Error('boom')),
      }),
    );
    expect(await dispatch('getTrajectory', { trajectory_id: 'x' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'no trajectory x' },
    });
    expect(await dispatch('listDatasets', {})).toEqual({
      ok: false,
      error: { code: 'internal', message: 'boom' },
    });
  });

  it('reports a handler that breaks the response contract', async () => {
    const dispatch = createDispatchByName(
      handlers({ listDatasets: async () => ({ datasets: [{ name: 1 }] }) as never }),
    );
    const result = await dispatch('listDatasets', {});
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('internal');
  });
});

// /dev/full answers every write with ENOSPC: a real full disk, from Node and from DuckDB.
describe.runIf(process.platform === 'linux')('a full disk', () => {
  it('is reported as "disk full" whether Node or DuckDB hit it', async () => {
    let nodeError: unknown;
    try {
      writeFileSync('/dev/full', 'x'.repeat(65_536));
    } catch (error) {
      nodeError = error;
    }
    expect(toFailure(nodeError)).toMatchObject({
      ok: false,
      error: { code: 'io', message: expect.stringMatching(/^disk full: /) as unknown },
    });
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    let duckError: unknown;
    try {
      await connection.run(`COPY (SELECT repeat('x', 100000) FROM range(100)) TO '/dev/full'`);
    } catch (error) {
      duckError = error;
    }
    connection.closeSync();
    instance.closeSync();
    expect(toFailure(duckError)).toMatchObject({
      ok: false,
      error: {
        code: 'io',
        message: expect.stringMatching(/^disk full: .*No space left/) as unknown,
      },
    });
  });
});
