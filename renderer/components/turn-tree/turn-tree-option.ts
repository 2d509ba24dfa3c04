// The ECharts option of a laid-out turn tree: one graph series with fixed positions (left to
// right by collapsed depth), node size ~ rollouts through it, colour by success rate, leaves
// drawn as diamonds ringed by their outcome. The tooltip is rich text drawn on the canvas, never
// HTML: turn content is untrusted.
import type { EChartsCoreOption } from 'echarts/core';
import { DASH } from '../format';
import { drawnNodeLabel, type DrawnNode, type TreeLayout } from './tree-layout';
import { turnSpanName } from '../step-names';

export interface TreeColors {
  success: string;
  failure: string;
  unknown: string;
  edge: string;
  selected: string;
  text: string;
}

export const COLUMN_WIDTH = 150;
export const ROW_HEIGHT = 30;
/** Vertical pixels a node label needs; columns more crowded than that go unlabelled. */
const LABEL_ROOM = 18;

/** Red (p = 0) through amber to green (p = 1); grey when no outcome is known. */
export function successColor(p: number | null, unknown: string): string {
  if (p === null) return unknown;
  const hue = Math.round(120 * Math.min(1, Math.max(0, p)));
  return `hsl(${hue}, 65%, 45%)`;
}

export function fixed(value: number | null, digits = 2): string {
  return value === null ? DASH : value.toFixed(digits);
}

export function signed(value: number | null): string {
  if (value === null) return DASH;
  return `${value > 0 ? '+' : ''}${value.toFixed(2)}`;
}

export function turnRangeText(node: DrawnNode): string {
  if (node.turnRange === null) return 'the shared task (before the first turn)';
  const [from, to] = node.turnRange;
  return turnSpanName(from, to);
}

function tooltipText(node: DrawnNode): string {
  const preview = (node.preview ?? '').replace(/\s+/g, ' ').trim();
  const lines = [
    `${drawnNodeLabel(node)} · ${turnRangeText(node)}`,
    node.role === null
      ? ''
      : `${node.role}${node.tool_names.length > 0 ? ` → ${node.tool_names.join(', ')}` : ''}: ` +
        `${preview.slice(0, 80)}${preview.length > 80 ? '…' : ''}`,
    `n ${node.n} · successes ${node.successes}/${node.n_known} · p ${fixed(node.p)}`,
    `p(1-p) ${fixed(node.success_variance)} · branch advantage ${signed(node.branch_advantage)}`,
    node.endOutcome === null ? '' : `${node.ended} rollout(s) end here: ${node.endOutcome}`,
  ];
  return lines.filter((line) => line !== '').join('\n');
}

function symbolSize(node: DrawnNode, rollouts: number): number {
  return 8 + 22 * Math.sqrt(node.n / Math.max(1, rollouts));
}

export function turnTreeOption(
  layout: TreeLayout,
  rollouts: number,
  selected: number | null,
  colors: TreeColors,
  /** The chart's height in pixels: decides which columns have room for labels. */
  height: number,
): EChartsCoreOption {
  const outcomeRing = (node: DrawnNode): string =>
    node.endOutcome === 'success'
      ? colors.success
      : node.endOutcome === 'failure'
        ? colors.failure
        : colors.unknown;
  // Labels only where they can be read; the list beside the chart names every node anyway.
  const perColumn = new Map<number, number>();
  for (const node of layout.nodes)
    perColumn.set(node.column, (perColumn.get(node.column) ?? 0) + 1);
  const labelled = (node: DrawnNode) => height / (perColumn.get(node.column) ?? 1) >= LABEL_ROOM;
  return {
    animation: false,
    tooltip: {
      trigger: 'item',
      renderMode: 'richText',
      confine: true,
      formatter: (params: { dataType?: string; dataIndex: number }) => {
        if (params.dataType === 'edge') return '';
        const node = layout.nodes[params.dataIndex];
        return node === undefined ? '' : tooltipText(node);
      },
    },
    series: [
      {
        type: 'graph',
        layout: 'none',
        roam: true,
        left: 20,
        right: 90,
        top: 24,
        bottom: 16,
        label: {
          position: 'top',
          fontSize: 10,
          color: colors.text,
          formatter: (params: { dataIndex: number }) => {
            const node = layout.nodes[params.dataIndex];
            if (node === undefined) return '';
            const ending =
              node.endOutcome === 'success' ? ' ✓' : node.endOutcome === 'failure' ? ' ✗' : '';
            return `${drawnNodeLabel(node)}${ending}`;
          },
        },
        emphasis: { focus: 'adjacency', scale: 1.2 },
        lineStyle: { color: colors.edge, opacity: 0.7, curveness: 0 },
        data: layout.nodes.map((node) => {
          const isSelected = node.index === selected;
          const isLeaf = node.children.length === 0;
          return {
            name: String(node.index),
            x: node.column * COLUMN_WIDTH,
            y: node.row * ROW_HEIGHT,
            symbol: isLeaf ? 'diamond' : 'circle',
            symbolSize: symbolSize(node, rollouts) * (isLeaf ? 1.2 : 1),
            label: { show: labelled(node), position: isLeaf ? 'right' : 'top' },
            itemStyle: {
              color: successColor(node.p, colors.unknown),
              borderColor: isSelected
                ? colors.selected
                : node.endOutcome !== null
                  ? outcomeRing(node)
                  : 'transparent',
              borderWidth: isSelected ? 4 : node.endOutcome !== null ? 2 : 0,
            },
          };
        }),
        links: layout.nodes
          .filter((node) => node.parent !== null)
          .map((node) => ({
            source: node.parent as number,
            target: node.index,
            lineStyle: { width: 1 + 5 * (node.n / Math.max(1, rollouts)) },
          })),
      },
    ],
  };
}
