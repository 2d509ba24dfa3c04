import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { parseRows } from './query-as';

const Schema = z.object({ id: z.string(), n: z.number() });

describe('parseRows', () => {
  it('returns the parsed rows, dropping columns the schema does not name', () => {
    expect(parseRows(Schema, 'SELECT id, n FROM t', [{ id: 'a', n: 1, extra: true }])).toEqual([
      { id: 'a', n: 1 },
    ]);
  });

  it("names the query's first line, the row and the bad field", () => {
    const sql = `
      SELECT id, n
      FROM t`;
    expect(() =>
      parseRows(Schema, sql, [
        { id: 'a', n: 1 },
        { id: 'b', n: 'x' },
      ]),
    ).toThrow(
      expect.objectContaining({
        code: 'internal',
        message: expect.stringMatching(/^query "SELECT id, n": row 2, field 'n': /),
      }),
    );
  });
});
