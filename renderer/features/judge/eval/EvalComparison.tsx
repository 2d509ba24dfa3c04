// Two evaluations side by side (e.g. a prompt change before and after), with B - A for each
// number, so a version is kept or rolled back on evidence.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { JudgeEval, JudgeEvalRecord } from '../../../../shared/api-judge-eval';
import { OptionSelect } from '../../../components/OptionSelect';
import { delta, evalLabel, metric } from '../../../components/eval-format';

type Row = { name: string; value: (result: JudgeEval) => number | null };

const ROWS: Row[] = [
  { name: 'Accuracy vs human labels', value: (r) => r.human_labeled.accuracy },
  { name: "Cohen's kappa vs human labels", value: (r) => r.human_labeled.kappa },
  { name: 'Accuracy on counterexamples', value: (r) => r.counterexamples.accuracy },
  { name: 'Kappa on counterexamples', value: (r) => r.counterexamples.kappa },
  { name: 'Regression-in-success F1', value: (r) => r.regression_in_success.f1 },
  ...['decisive_progress', 'useful_exploration', 'no_progress_infrastructure', 'regression'].map(
    (role): Row => ({
      name: `F1 ${role}`,
      value: (r) => r.human_labeled.per_role.find((p) => p.role === role)?.f1 ?? null,
    }),
  ),
];

type Props = {
  evals: JudgeEvalRecord[];
  a: string;
  b: string;
  onChange: (a: string, b: string) => void;
};

export function EvalComparison({ evals, a, b, onChange }: Props) {
  const first = evals.find((e) => e.eval_id === a);
  const second = evals.find((e) => e.eval_id === b);
  const options = evals.map((record) => ({ value: record.eval_id, label: evalLabel(record) }));
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <OptionSelect
          label="A"
          value={a}
          options={options}
          testId="eval-compare-a"
          onChange={(id) => onChange(id, b)}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <OptionSelect
          label="B"
          value={b}
          options={options}
          testId="eval-compare-b"
          onChange={(id) => onChange(a, id)}
          sx={{ flex: 1, minWidth: 0 }}
        />
      </Stack>
      {first !== undefined && second !== undefined && (
        <Table size="small" data-testid="eval-comparison">
          <TableHead>
            <TableRow>
              <TableCell>Metric</TableCell>
              <TableCell align="right">A</TableCell>
              <TableCell align="right">B</TableCell>
              <TableCell align="right">B − A</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ROWS.map((row) => {
              const x = row.value(first.result);
              const y = row.value(second.result);
              const d = x === null || y === null ? 0 : y - x;
              return (
                <TableRow key={row.name}>
                  <TableCell>{row.name}</TableCell>
                  <TableCell align="right">{metric(x)}</TableCell>
                  <TableCell align="right">{metric(y)}</TableCell>
                  <TableCell
                    align="right"
                    sx={{ color: d > 0 ? 'success.main' : d < 0 ? 'error.main' : undefined }}
                  >
                    {delta(x, y)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
