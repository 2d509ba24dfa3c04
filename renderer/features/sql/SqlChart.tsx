// A result as a bar chart: one category column against one numeric column, chosen by the user.
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EChart } from '../../components/EChart';
import { formatCell } from './format-cell';
import { chartPairs, defaultChartPair, type SqlResult } from './result-columns';

/** More bars than this are unreadable; the first ones are shown and the rest counted. */
const MAX_BARS = 200;

export function SqlChart({ result }: { result: SqlResult }) {
  const pairs = chartPairs(result);
  const initial = defaultChartPair(result);
  const [category, setCategory] = useState(initial?.category ?? '');
  const [value, setValue] = useState(initial?.value ?? '');
  const values = pairs.filter((pair) => pair.category === category).map((pair) => pair.value);
  const shownValue = values.includes(value) ? value : (values[0] ?? '');

  // Recomputed per render (renders here are user actions), so no stale memo can show old data.
  const rows = result.rows.slice(0, MAX_BARS);
  const option = {
    grid: { left: 64, right: 24, top: 24, bottom: 72 },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      name: category,
      data: rows.map((row) => formatCell(row[category]).text),
      axisLabel: { rotate: rows.length > 12 ? 45 : 0, width: 120, overflow: 'truncate' },
    },
    yAxis: { type: 'value', name: shownValue },
    series: [
      {
        type: 'bar',
        name: shownValue,
        data: rows.map((row) => {
          const number = Number(row[shownValue]);
          return row[shownValue] === null || !Number.isFinite(number) ? null : number;
        }),
      },
    ],
  };

  if (pairs.length === 0) {
    return (
      <Typography sx={{ color: 'text.secondary', p: 2 }} data-testid="sql-chart-unavailable">
        A chart needs a category column and a numeric column.
      </Typography>
    );
  }
  const categories = [...new Set(pairs.map((pair) => pair.category))];
  return (
    <Box data-testid="sql-chart">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 1 }}>
        <TextField
          select
          size="small"
          label="Category"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          sx={{ minWidth: 180 }}
          slotProps={{ htmlInput: { 'data-testid': 'sql-chart-category' } }}
        >
          {categories.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Value"
          value={shownValue}
          onChange={(event) => setValue(event.target.value)}
          sx={{ minWidth: 180 }}
        >
          {values.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        {result.rows.length > MAX_BARS && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            First {MAX_BARS} of {result.rows.length} rows.
          </Typography>
        )}
      </Box>
      <EChart option={option} height={360} />
    </Box>
  );
}
