import { describe, expect, it } from 'vitest';
import { idBatch } from './id-batch';
import { sql } from './sql-template';

describe('idBatch', () => {
  it('bounds the batch by its smallest and largest id, then lists it', () => {
    const batch = sql`SELECT 1 WHERE x = ${'first'} AND ${idBatch('t.trajectory_id', ['b', 'c', 'a'])}`;
    expect(batch.text).toBe(
      'SELECT 1 WHERE x = $1 AND t.trajectory_id BETWEEN $2 AND $3 AND t.trajectory_id IN ($4, $5, $6)',
    );
    expect(batch.params).toEqual(['first', 'a', 'c', 'b', 'c', 'a']);
  });
});
