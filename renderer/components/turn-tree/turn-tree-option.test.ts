import { describe, expect, it } from 'vitest';
import { summarizeTreeNodes } from '../../../shared/turn-tree-summary';
import { buildTurnTree } from '../../../shared/turn-tree';
import { layoutTurnTree } from './tree-layout';
import { successColor, turnTreeOption } from './turn-tree-option';

const COLORS = {
  success: 'green',
  failure: 'red',
  unknown: 'grey',
  edge: 'silver',
  selected: 'blue',
  text: 'black',
};

interface GraphItem {
  x: number;
  y: number;
  symbol: string;
  symbolSize: number;
  label: { show: boolean };
  itemStyle: { color: string; borderColor: string };
}

function graphOf(rollouts: number, height: number, selected: number | null) {
  const nodes = summarizeTreeNodes(
    buildTurnTree(
      Array.from({ length: rollouts }, (_, i) => ({
        rollout_id: `r${i}`,
        success: i === 0 ? null : i % 2 === 0,
        turns: [
          { role: 'user', content: 'task', tool_calls: [] },
          { role: 'assistant', content: `try ${i}`, tool_calls: [] },
        ],
      })),
    ),
  );
  const option = turnTreeOption(layoutTurnTree(nodes), rollouts, selected, COLORS, height) as {
    series: { data: GraphItem[]; links: { source: number; target: number }[] }[];
  };
  return option.series[0] as { data: GraphItem[]; links: { source: number; target: number }[] };
}

describe('turnTreeOption', () => {
  it('colours by p from red to green and grey when unknown', () => {
    expect(successColor(0, 'grey')).toBe('hsl(0, 65%, 45%)');
    expect(successColor(1, 'grey')).toBe('hsl(120, 65%, 45%)');
    expect(successColor(null, 'grey')).toBe('grey');
  });

  it('draws leaves as diamonds ringed by outcome, sizes by n, rings the selection', () => {
    const graph = graphOf(4, 400, 0);
    // task, the shared user turn, then four one-rollout leaves.
    expect(graph.data).toHaveLength(6);
    expect(graph.links).toHaveLength(5);
    const [root, shared, unknown, failure, success] = graph.data;
    expect(root?.itemStyle.borderColor).toBe('blue');
    expect(shared?.symbol).toBe('circle');
    expect(shared?.x).toBeGreaterThan(root?.x ?? Infinity);
    expect(unknown).toMatchObject({ symbol: 'diamond', itemStyle: { color: 'grey' } });
    expect(unknown?.itemStyle.borderColor).toBe('grey');
    expect(failure?.itemStyle.borderColor).toBe('red');
    expect(success?.itemStyle.borderColor).toBe('green');
    expect(root?.symbolSize).toBeGreaterThan((failure?.symbolSize ?? Infinity) / 1.2);
  });

  it('leaves crowded columns unlabelled', () => {
    expect(graphOf(4, 400, null).data.every((item) => item.label.show)).toBe(true);
    const crowded = graphOf(64, 560, null).data;
    expect(crowded.slice(0, 2).every((item) => item.label.show)).toBe(true);
    expect(crowded.slice(2).some((item) => item.label.show)).toBe(false);
  });
});
