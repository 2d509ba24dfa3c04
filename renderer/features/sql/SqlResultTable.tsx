// A query's result: sticky header, scrollable body, NULL muted, long cells clipped with a tooltip.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ApiOutput } from '../../../shared/api';
import { MONO_FONT } from '../../theme/theme';
import { formatCell } from './format-cell';

type SqlResult = ApiOutput<'runSql'>;

const CELL_LIMIT = 300;
const NUMERIC_TYPE =
  /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|U\w*INT|FLOAT|DOUBLE|REAL|DECIMAL)/i;

const alignOf = (type: string) => (NUMERIC_TYPE.test(type) ? 'right' : 'left');

export function SqlResultTable({ result }: { result: SqlResult }) {
  return (
    <TableContainer component={Paper} sx={{ maxHeight: '60vh' }}>
      <Table stickyHeader data-testid="sql-result" aria-label="Query result">
        <TableHead>
          <TableRow>
            <TableCell sx={{ color: 'text.secondary', width: 48 }}>#</TableCell>
            {result.columns.map((column, i) => (
              <TableCell
                key={`${column.name}:${i}`}
                title={column.type}
                align={alignOf(column.type)}
              >
                {column.name}
                <Box
                  component="span"
                  sx={{ ml: 0.75, color: 'text.secondary', fontWeight: 400, fontSize: 11 }}
                >
                  {column.type}
                </Box>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {result.rows.map((row, r) => (
            <TableRow key={r} hover>
              <TableCell sx={{ color: 'text.secondary' }}>{r + 1}</TableCell>
              {result.columns.map((column, c) => {
                const cell = formatCell(row[column.name]);
                const clipped = cell.text.length > CELL_LIMIT;
                return (
                  <TableCell
                    key={`${column.name}:${c}`}
                    align={alignOf(column.type)}
                    title={clipped ? cell.text.slice(0, 5000) : undefined}
                    sx={{
                      fontFamily: MONO_FONT,
                      fontSize: 12,
                      maxWidth: 480,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      color: cell.isNull ? 'text.disabled' : undefined,
                      fontStyle: cell.isNull ? 'italic' : undefined,
                    }}
                  >
                    {clipped ? `${cell.text.slice(0, CELL_LIMIT)}…` : cell.text}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
