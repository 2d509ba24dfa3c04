import { describe, expect, it } from 'vitest';
import { idBatchCondition } from './id-batch';

describe('idBatchCondition', () => {
  it('bounds the batch by its smallest and largest id, then lists it', () => {
    expect(idBatchCondition('t.trajectory_id', ['b', 'c', 'a'], 4)).toEqual({
      sql: 't.trajectory_id BETWEEN $4 AND $5 AND t.trajectory_id IN ($6, $7, $8)',
      params: ['a', 'c', 'b', 'c', 'a'],
    });
  });
});
