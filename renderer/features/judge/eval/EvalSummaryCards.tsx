// The headline numbers of one evaluation: accuracy and kappa against human labels and against
// approved counterexamples, and regression-in-success F1 (the TRIAGE paper's key number).
import Box from '@mui/material/Box';
import type { JudgeEval } from '../../../../shared/api-judge-eval';
import { SummaryCard } from '../../../components/SummaryCard';
import { metric } from '../../../components/eval-format';

type Card = { id: string; label: string; value: string; detail: string };

function cards(result: JudgeEval): Card[] {
  const { human_labeled: human, counterexamples: ce, regression_in_success: ris } = result;
  return [
    {
      id: 'accuracy',
      label: 'Accuracy vs human labels',
      value: metric(human.accuracy),
      detail: `${human.n} segments judged and human-labeled`,
    },
    {
      id: 'kappa',
      label: "Cohen's kappa vs human labels",
      value: metric(human.kappa),
      detail: 'agreement beyond chance (1 perfect, 0 chance)',
    },
    {
      id: 'counterexamples',
      label: 'Accuracy on counterexamples',
      value: metric(ce.accuracy),
      detail: `${ce.n} approved counterexamples · kappa ${metric(ce.kappa)}`,
    },
    {
      id: 'regression-in-success',
      label: 'Regression-in-success F1',
      value: metric(ris.f1),
      detail: `precision ${metric(ris.precision)} · recall ${metric(ris.recall)} · support ${ris.support}`,
    },
  ];
}

export function EvalSummaryCards({ result }: { result: JudgeEval }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
        gap: 2,
      }}
    >
      {cards(result).map((card) => (
        <SummaryCard
          key={card.id}
          label={card.label}
          value={card.value}
          detail={card.detail}
          testId={`eval-card-${card.id}`}
        />
      ))}
    </Box>
  );
}
