import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { jsonTextColumn, toolCallsOf } from './row-schemas';

describe('toolCallsOf', () => {
  const call = { id: 'c1', name: 'bash', arguments: '{"cmd":"ls"}' };

  it('parses the JSON text or takes the array, and reads NULL as no calls', () => {
    expect(toolCallsOf(JSON.stringify([call]))).toEqual([call]);
    expect(toolCallsOf([call])).toEqual([call]);
    expect(toolCallsOf(null)).toEqual([]);
    expect(toolCallsOf('[]')).toEqual([]);
  });

  it('fails as internal, naming the column, on text that is not tool calls', () => {
    expect(() => toolCallsOf('{not json')).toThrow(/tool_calls column: not JSON text/);
    expect(() => toolCallsOf('[{"id":"c1","name":"bash"}]')).toThrow(
      /tool_calls column: 0\.arguments/,
    );
    expect(() => toolCallsOf('null')).toThrow(/tool_calls column/);
  });
});

describe('jsonTextColumn', () => {
  const Sources = jsonTextColumn(z.array(z.string()));

  it('parses JSON text and checks it against the schema', () => {
    expect(Sources.parse('["a","b"]')).toEqual(['a', 'b']);
    expect(Sources.safeParse('[1]').success).toBe(false);
    expect(Sources.safeParse('[').success).toBe(false);
  });
});
