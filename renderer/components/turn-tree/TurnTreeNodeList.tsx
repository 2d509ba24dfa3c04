// Every drawn node of the turn tree as a keyboard-navigable list beside the canvas: the same
// selection as a click on the graph, for keyboards, screen readers and tests. Up/Down walk the
// nodes in tree order, Left goes to the parent, Right to the first child, Home/End to the ends.
import Box from '@mui/material/Box';
import type { KeyboardEvent } from 'react';
import { useEffect, useRef } from 'react';
import { fixed } from './turn-tree-option';
import { drawnNodeLabel, type DrawnNode } from './tree-layout';

const OUTCOME_MARK = { success: ' ✓', failure: ' ✗', mixed: ' ±', unknown: ' ?' } as const;

export function optionText(node: DrawnNode): string {
  const ending = node.endOutcome === null ? '' : OUTCOME_MARK[node.endOutcome];
  return `${drawnNodeLabel(node)}${ending} · n ${node.n} · p ${fixed(node.p)}`;
}

function keyTarget(key: string, nodes: readonly DrawnNode[], current: DrawnNode | undefined) {
  if (key === 'Home') return 0;
  if (key === 'End') return nodes.length - 1;
  if (current === undefined) return key === 'ArrowDown' || key === 'ArrowRight' ? 0 : undefined;
  if (key === 'ArrowDown') return Math.min(nodes.length - 1, current.index + 1);
  if (key === 'ArrowUp') return Math.max(0, current.index - 1);
  if (key === 'ArrowLeft') return current.parent ?? undefined;
  if (key === 'ArrowRight') return current.children[0];
  return undefined;
}

export function TurnTreeNodeList({
  nodes,
  selected,
  onSelect,
  height,
  idPrefix,
}: {
  nodes: readonly DrawnNode[];
  selected: number | null;
  onSelect: (index: number) => void;
  height: number;
  idPrefix: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const current = selected === null ? undefined : nodes[selected];

  useEffect(() => {
    if (selected === null) return;
    list.current
      ?.querySelector(`#${CSS.escape(`${idPrefix}-${selected}`)}`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [selected, idPrefix]);

  const onKeyDown = (event: KeyboardEvent) => {
    const target = keyTarget(event.key, nodes, current);
    if (target === undefined) return;
    event.preventDefault();
    onSelect(target);
  };

  return (
    <Box
      ref={list}
      role="listbox"
      aria-label="Turn tree nodes"
      aria-activedescendant={current === undefined ? undefined : `${idPrefix}-${current.index}`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      sx={{
        height,
        overflowY: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        fontSize: 12,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        // One style rule for every option: per-option sx would cost a style pass per node on
        // each selection, and a 64-rollout tree has a few hundred options.
        '& [role=option]': {
          pr: 0.5,
          py: 0.25,
          cursor: 'pointer',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        },
        '& [role=option]:hover': { bgcolor: 'action.hover' },
        '& [role=option][aria-selected=true]': { bgcolor: 'action.selected' },
      }}
    >
      {nodes.map((node) => (
        <div
          key={node.index}
          id={`${idPrefix}-${node.index}`}
          role="option"
          aria-selected={node.index === selected}
          onClick={() => onSelect(node.index)}
          style={{ paddingLeft: 4 + Math.min(node.column, 12) * 10 }}
        >
          {optionText(node)}
        </div>
      ))}
    </Box>
  );
}
