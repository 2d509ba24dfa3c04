// One chart on the charts page: a titled figure, an optional caption, and its numbers as a
// table behind a toggle (the text alternative of the canvas, also what tests read).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { AppLink } from '../AppLink';

/** A cell of the numbers table; a linked cell goes where a click on its bar would (keyboard). */
export type ChartCell = string | number | { text: string | number; href: string };

export interface ChartTable {
  columns: string[];
  rows: ChartCell[][];
}

type Props = {
  title: string;
  /** A one-line summary for screen readers (and tests): what the chart says. */
  summary: string;
  caption?: ReactNode;
  table: ChartTable;
  testId: string;
  children: ReactNode;
};

export function ChartCard({ title, summary, caption, table, testId, children }: Props) {
  const [showTable, setShowTable] = useState(false);
  const titleId = useId();
  const summaryId = useId();
  return (
    <Paper
      component="figure"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      data-testid={testId}
      sx={{ m: 0, p: 2, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id={titleId} variant="subtitle2" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {table.rows.length > 0 && (
          <Button aria-pressed={showTable} onClick={() => setShowTable((shown) => !shown)}>
            {showTable ? 'Show chart' : 'Show numbers'}
          </Button>
        )}
      </Box>
      <Typography
        id={summaryId}
        variant="caption"
        color="text.secondary"
        data-testid="chart-summary"
      >
        {summary}
      </Typography>
      {showTable ? (
        <Box sx={{ maxHeight: 360, overflow: 'auto' }}>
          <Table size="small" aria-label={`${title}: numbers`}>
            <TableHead>
              <TableRow>
                {table.columns.map((column) => (
                  <TableCell key={column}>{column}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {table.rows.map((row, i) => (
                <TableRow key={i}>
                  {row.map((cell, j) => (
                    <TableCell key={j}>
                      {typeof cell === 'object' ? (
                        <AppLink href={cell.href}>{cell.text}</AppLink>
                      ) : (
                        cell
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : (
        children
      )}
      {caption !== undefined && (
        <Typography variant="caption" color="text.secondary" component="figcaption">
          {caption}
        </Typography>
      )}
    </Paper>
  );
}
