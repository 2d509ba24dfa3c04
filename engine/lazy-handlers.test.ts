// A lazily loaded handler group: nothing is loaded before the first call, one load serves every
// method and concurrent calls, and a failed load is tried again.
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from './core/handler-context';
import { lazyHandlers } from './lazy-handlers';

const TABLE = { getCharts: null, listTrajectories: null };
const context = {} as HandlerContext;

describe('lazyHandlers', () => {
  it('loads the group once, on the first call, and hands each request to its method', async () => {
    let loads = 0;
    const handlers = lazyHandlers(TABLE, context, async () => {
      loads += 1;
      return (given) => {
        expect(given).toBe(context);
        return {
          getCharts: async () => ({ which: 'charts' }),
          listTrajectories: async (request: unknown) => ({ which: 'list', request }),
        } as never;
      };
    });
    expect(loads).toBe(0);
    const [charts, list] = await Promise.all([
      handlers.getCharts({} as never),
      handlers.listTrajectories({ limit: 3 } as never),
    ]);
    expect(charts).toEqual({ which: 'charts' });
    expect(list).toEqual({ which: 'list', request: { limit: 3 } });
    await handlers.getCharts({} as never);
    expect(loads).toBe(1);
  });

  it('tries a failed load again on the next call', async () => {
    let loads = 0;
    const handlers = lazyHandlers(TABLE, context, async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk missing');
      return () => ({ getCharts: async () => 'ok', listTrajectories: async () => 'ok' }) as never;
    });
    await expect(handlers.getCharts({} as never)).rejects.toThrow('chunk missing');
    await expect(handlers.getCharts({} as never)).resolves.toBe('ok');
    expect(loads).toBe(2);
  });
});
