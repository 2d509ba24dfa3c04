import { describe, expect, it } from 'vitest';
import { EXPORT, runInfo } from '../compare/compare-test-support';
import { buildLineage, type LineageNode } from './run-lineage';

const chain = (node: LineageNode): unknown => [
  node.run.dataset_id,
  ...node.children.map((child) => chain(child)),
];

describe('buildLineage', () => {
  it('orders each lineage from its base run, children by step, and sets standalone runs apart', () => {
    const runs = [
      runInfo('ckpt-200', { parent: 'ckpt-100', trained_from: 'e2', step: 200 }),
      runInfo('lone'),
      runInfo('ckpt-100', { parent: 'base', trained_from: EXPORT.export_id, step: 100 }),
      runInfo('branch-50', { parent: 'base', trained_from: EXPORT.export_id, step: 50 }),
      runInfo('base'),
    ];
    const { trees, standalone } = buildLineage(runs, [EXPORT]);
    expect(trees.map(chain)).toEqual([['base', ['branch-50'], ['ckpt-100', ['ckpt-200']]]]);
    expect(trees[0]?.children[0]?.exportRecord).toEqual(EXPORT);
    // An export the workspace did not record: the link is kept, without its record.
    expect(trees[0]?.children[1]?.children[0]?.exportRecord).toBeNull();
    expect(standalone.map((r) => r.dataset_id)).toEqual(['lone']);
  });

  it('keeps a run trained on an export of runs not in the workspace as its own lineage', () => {
    const { trees, standalone } = buildLineage(
      [runInfo('orphan', { trained_from: 'gone' }), runInfo('x', { parent: 'missing' })],
      [],
    );
    expect(trees.map(chain)).toEqual([['orphan']]);
    expect(standalone.map((r) => r.dataset_id)).toEqual(['x']);
  });

  it('survives a loop of parents', () => {
    const { trees } = buildLineage(
      [
        runInfo('a', { parent: 'b', trained_from: 'e' }),
        runInfo('b', { parent: 'a', trained_from: 'e' }),
      ],
      [],
    );
    expect(trees.map(chain)).toEqual([['a', ['b']]]);
  });
});
