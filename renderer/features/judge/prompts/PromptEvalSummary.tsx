// A prompt version's latest evaluation, the evidence for keeping or rolling it back: accuracy and
// Cohen's kappa against the human labels and the approved counterexamples, and the F1 of
// regression inside successful trajectories (the TRIAGE paper's headline number).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { JudgeEval } from '../../../../shared/api-judge-eval';
import { DASH, formatDateTime, formatPercent } from '../../../components/format';

function kappa(value: number | null): string {
  return value === null ? DASH : value.toFixed(2);
}

type Props = {
  evaluation: { created_at: string; result: JudgeEval } | undefined;
  compact?: boolean;
};

export function PromptEvalSummary({ evaluation, compact = false }: Props) {
  if (evaluation === undefined) {
    return (
      <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="prompt-eval">
        not evaluated
      </Typography>
    );
  }
  const { result } = evaluation;
  const human = result.human_labeled;
  const suite = result.counterexamples;
  const regression = result.regression_in_success.f1;
  if (compact) {
    return (
      <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="prompt-eval">
        acc {formatPercent(human.accuracy)} · κ {kappa(human.kappa)} · reg F1{' '}
        {regression === null ? DASH : regression.toFixed(2)} · n {human.n}
      </Typography>
    );
  }
  const rows = [
    ['Human labels', human],
    ['Counterexamples', suite],
  ] as const;
  return (
    <Box data-testid="prompt-eval-detail" sx={{ typography: 'body2' }}>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary', mb: 0.5 }}>
        Latest evaluation {formatDateTime(evaluation.created_at)}
        {result.model === null ? '' : ` · model ${result.model}`}
        {result.unjudged > 0 ? ` · ${result.unjudged} suite segments not judged` : ''}
      </Typography>
      {rows.map(([label, report]) => (
        <Box key={label} sx={{ display: 'flex', gap: 2 }}>
          <Box sx={{ width: 130, color: 'text.secondary' }}>{label}</Box>
          <Box>
            accuracy {formatPercent(report.accuracy)} · κ {kappa(report.kappa)} · n {report.n}
          </Box>
        </Box>
      ))}
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Box sx={{ width: 130, color: 'text.secondary' }}>Regression in success</Box>
        <Box>
          F1 {regression === null ? DASH : regression.toFixed(2)} · support{' '}
          {result.regression_in_success.support}
        </Box>
      </Box>
    </Box>
  );
}
