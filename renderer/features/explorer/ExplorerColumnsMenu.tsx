// The "Columns" menu above the explorer grid: show or hide each column, move it left or right
// (the buttons, or Alt+↑/↓ on the focused entry), and reset the layout. The list runs top to
// bottom in the grid's left-to-right order; the id column is fixed first.
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import { useRef, useState } from 'react';
import { explorerColumn, PINNED_COLUMN } from './explorer-columns';
import { moveColumn } from './explorer-layout';
import type { ExplorerColumnsTable } from './useExplorerColumns';
import type { ExplorerLayoutControl } from './useExplorerLayout';

type Props = { table: ExplorerColumnsTable; layout: ExplorerLayoutControl };

export function ExplorerColumnsMenu({ table, layout }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items = useRef(new Map<string, HTMLElement>());
  const order = layout.state.columnOrder;
  const hiddenCount = Object.values(layout.state.columnVisibility).filter((v) => !v).length;
  const move = (id: string, delta: -1 | 1, refocus = false) => {
    table.setColumnOrder((previous) => moveColumn(previous, id, delta));
    // The entry moved in the list; keep the keyboard on it.
    if (refocus) window.requestAnimationFrame(() => items.current.get(id)?.focus());
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnOutlined />}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="explorer-columns"
      >
        {hiddenCount === 0 ? 'Columns' : `Columns (${hiddenCount} hidden)`}
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { dense: true, 'aria-label': 'Columns' } }}
      >
        <ListSubheader sx={{ lineHeight: '32px' }}>Columns, left to right</ListSubheader>
        {order.map((id, index) => {
          const column = explorerColumn(id);
          if (column === undefined) return null;
          const pinned = id === PINNED_COLUMN;
          const shown = layout.state.columnVisibility[id] !== false;
          const name = column.title ?? column.label;
          return (
            <MenuItem
              key={id}
              ref={(element: HTMLElement | null) => {
                if (element === null) items.current.delete(id);
                else items.current.set(id, element);
              }}
              disabled={pinned}
              data-testid="explorer-column-option"
              data-column={id}
              onClick={() => table.getColumn(id)?.toggleVisibility(!shown)}
              onKeyDown={(event) => {
                if (!event.altKey || pinned) return;
                const delta = { ArrowUp: -1, ArrowDown: 1 }[event.key] as -1 | 1 | undefined;
                if (delta === undefined) return;
                event.preventDefault();
                event.stopPropagation();
                move(id, delta, true);
              }}
              sx={{ pr: 1 }}
            >
              <Checkbox
                checked={shown}
                size="small"
                tabIndex={-1}
                sx={{ p: 0.5, mr: 1 }}
                slotProps={{ input: { 'aria-label': `Show ${name}` } }}
              />
              <ListItemText primary={column.label} secondary={column.title} sx={{ mr: 2 }} />
              {!pinned && (
                <>
                  <IconButton
                    size="small"
                    aria-label={`Move ${column.label} left`}
                    disabled={index <= 1}
                    onClick={(event) => {
                      event.stopPropagation();
                      move(id, -1);
                    }}
                  >
                    <ArrowUpward fontSize="inherit" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`Move ${column.label} right`}
                    disabled={index === order.length - 1}
                    onClick={(event) => {
                      event.stopPropagation();
                      move(id, 1);
                    }}
                  >
                    <ArrowDownward fontSize="inherit" />
                  </IconButton>
                </>
              )}
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          data-testid="explorer-columns-reset"
          onClick={() => {
            layout.reset();
            setAnchor(null);
          }}
        >
          Reset columns
        </MenuItem>
      </Menu>
    </>
  );
}
