// A query's result as a virtualized grid: fixed-height rows, only the visible ones in the DOM;
// each header shows the column type; NULL and '' look different; long text opens in a dialog.
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import OpenInFull from '@mui/icons-material/OpenInFull';
import { useState } from 'react';
import { useFixedRows } from '../../hooks/useFixedRows';
import { MONO_FONT } from '../../theme/theme';
import { CellDialog, type ExpandedCell } from './CellDialog';
import { formatCell } from './format-cell';
import { columnWidth, isNumericType, type SqlResult } from './result-columns';

const ROW_HEIGHT = 28;
const HEADER_HEIGHT = 40;
const MAX_BODY_HEIGHT = 480;
const INDEX_WIDTH = 56;
/** Longer (or multi-line) text is clipped in the grid and offered whole in a dialog. */
const PREVIEW_CHARS = 80;

const cellSx = {
  px: 1,
  flex: 'none',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  borderRight: 1,
  borderColor: 'divider',
  boxSizing: 'border-box',
} as const;

export function SqlResultGrid({ result }: { result: SqlResult }) {
  const [expanded, setExpanded] = useState<ExpandedCell | null>(null);
  const bodyHeight = Math.min(MAX_BODY_HEIGHT, Math.max(1, result.rows.length) * ROW_HEIGHT);
  const { scrollerRef, rows, totalHeight } = useFixedRows<HTMLDivElement>({
    count: result.rows.length,
    rowHeight: ROW_HEIGHT,
    viewportHeight: bodyHeight + HEADER_HEIGHT,
    headerHeight: HEADER_HEIGHT,
  });
  const widths = result.columns.map(columnWidth);
  const totalWidth = INDEX_WIDTH + widths.reduce((sum, width) => sum + width, 0);

  return (
    <Paper
      data-testid="sql-result"
      role="grid"
      aria-label="Query result"
      aria-rowcount={result.rows.length + 1}
      sx={{ overflow: 'hidden' }}
    >
      <Box
        ref={scrollerRef}
        sx={{ height: bodyHeight + HEADER_HEIGHT + 2, overflow: 'auto', position: 'relative' }}
      >
        <Box
          role="row"
          sx={{
            display: 'flex',
            width: totalWidth,
            height: HEADER_HEIGHT,
            position: 'sticky',
            top: 0,
            zIndex: 1,
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
            alignItems: 'center',
            fontWeight: 600,
            fontSize: 13,
          }}
        >
          <Box sx={{ ...cellSx, width: INDEX_WIDTH, color: 'text.secondary' }}>#</Box>
          {result.columns.map((column, c) => (
            <Box
              key={`${column.name}:${c}`}
              role="columnheader"
              title={`${column.name} ${column.type}`}
              sx={{
                ...cellSx,
                width: widths[c],
                textAlign: isNumericType(column.type) ? 'right' : 'left',
              }}
            >
              {column.name}
              <Box
                component="span"
                data-testid="sql-column-type"
                sx={{ ml: 0.75, color: 'text.secondary', fontWeight: 400, fontSize: 11 }}
              >
                {column.type}
              </Box>
            </Box>
          ))}
        </Box>
        <Box sx={{ position: 'relative', height: totalHeight, width: totalWidth }}>
          {rows.map(({ index: r, top }) => {
            const row = result.rows[r];
            if (row === undefined) return null;
            return (
              <Box
                key={r}
                role="row"
                aria-rowindex={r + 2}
                data-testid="sql-result-row"
                sx={{
                  position: 'absolute',
                  top,
                  height: ROW_HEIGHT,
                  display: 'flex',
                  alignItems: 'center',
                  width: totalWidth,
                  borderBottom: 1,
                  borderColor: 'divider',
                  fontFamily: MONO_FONT,
                  fontSize: 12,
                  '&:hover': { bgcolor: 'action.hover' },
                }}
              >
                <Box sx={{ ...cellSx, width: INDEX_WIDTH, color: 'text.secondary' }}>{r + 1}</Box>
                {result.columns.map((column, c) => {
                  const cell = formatCell(row[column.name]);
                  const long = cell.text.length > PREVIEW_CHARS || cell.text.includes('\n');
                  return (
                    <Box
                      key={`${column.name}:${c}`}
                      role="gridcell"
                      data-kind={cell.kind}
                      title={cell.kind === 'empty' ? 'empty string' : undefined}
                      sx={{
                        ...cellSx,
                        width: widths[c],
                        display: 'flex',
                        alignItems: 'center',
                        justifyContent: isNumericType(column.type) ? 'flex-end' : 'flex-start',
                        color: cell.kind === 'value' ? undefined : 'text.disabled',
                        fontStyle: cell.kind === 'null' ? 'italic' : undefined,
                      }}
                    >
                      <Box
                        component="span"
                        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}
                      >
                        {cell.kind === 'empty'
                          ? "''"
                          : long
                            ? cell.text.slice(0, PREVIEW_CHARS * 3).replace(/\s+/g, ' ')
                            : cell.text}
                      </Box>
                      {long && (
                        <IconButton
                          size="small"
                          aria-label={`Show all of ${column.name} in row ${r + 1}`}
                          data-testid="sql-cell-expand"
                          onClick={() =>
                            setExpanded({ column: column.name, row: r + 1, text: cell.text })
                          }
                          sx={{ p: 0.25, ml: 0.5, flex: 'none' }}
                        >
                          <OpenInFull sx={{ fontSize: 14 }} />
                        </IconButton>
                      )}
                    </Box>
                  );
                })}
              </Box>
            );
          })}
        </Box>
      </Box>
      <CellDialog cell={expanded} onClose={() => setExpanded(null)} />
    </Paper>
  );
}
