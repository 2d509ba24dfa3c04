import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { API, API_METHODS, isApiMethod } from './api';
import { lazyMethodTable, method } from './api-method';

describe('lazyMethodTable', () => {
  it('lists every method at once and builds one only when it is first asked for', () => {
    const built: string[] = [];
    const table = lazyMethodTable({
      first: () => {
        built.push('first');
        return method(z.object({ a: z.string() }), z.number());
      },
      second: () => {
        built.push('second');
        return method(z.object({}), z.string());
      },
    });
    expect(Object.keys(table)).toEqual(['first', 'second']);
    expect(Object.prototype.hasOwnProperty.call(table, 'second')).toBe(true);
    expect(built).toEqual([]);

    const spec = table.first;
    expect(spec.input.parse({ a: 'x' })).toEqual({ a: 'x' });
    expect(table.first).toBe(spec);
    expect(built).toEqual(['first']);
  });

  it('keeps a built method fixed', () => {
    const table = lazyMethodTable({ only: () => method(z.object({}), z.null()) });
    const spec = table.only;
    expect(() => {
      (table as Record<string, unknown>).only = method(z.object({}), z.string());
    }).toThrow(TypeError);
    expect(table.only).toBe(spec);
  });
});

describe('the API table', () => {
  it('builds every method it lists', () => {
    // Built lazily, so a broken definition would otherwise surface only when the method is called.
    for (const name of API_METHODS) {
      expect(isApiMethod(name)).toBe(true);
      expect(API[name].input).toBeInstanceOf(z.ZodType);
      expect(API[name].output).toBeInstanceOf(z.ZodType);
    }
    expect(API_METHODS.length).toBeGreaterThan(70);
  });
});
