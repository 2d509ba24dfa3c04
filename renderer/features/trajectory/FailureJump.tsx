// "Next failure signal": steps through the trajectory's tool errors, failing test runs,
// regression labels and predicted failure step, and says what the current one is.
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import type { FailureSignal, FailureSignalKind } from '../../../shared/api-trajectory';

const KIND_NAMES: Record<FailureSignalKind, string> = {
  tool_error: 'Tool error',
  test_failure: 'Failing tests',
  regression_label: 'Regression label',
  predicted_failure: 'Predicted failure step',
};

type Props = {
  signals: FailureSignal[] | undefined;
  position: number | null;
  onMove: (delta: 1 | -1) => void;
};

export function FailureJump({ signals, position, onMove }: Props) {
  const current = position === null ? undefined : signals?.[position];
  const count = signals?.length ?? 0;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="warning"
        startIcon={<ReportProblemOutlined />}
        disabled={count === 0}
        onClick={() => onMove(1)}
        title="Next failure signal (n; Shift+n for the previous one)"
        data-testid="next-failure"
      >
        Next failure signal{signals === undefined ? '' : ` (${count})`}
      </Button>
      <Typography
        variant="caption"
        data-testid="failure-status"
        sx={{
          color: current === undefined ? 'text.secondary' : 'warning.main',
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          flex: '1 1 200px',
        }}
        title={current?.detail}
      >
        {current !== undefined
          ? `${position === null ? '' : `${position + 1}/${count} · `}turn ${current.turn_index} · ${KIND_NAMES[current.kind]}: ${current.detail}`
          : signals !== undefined && count === 0
            ? 'no failure signals'
            : ''}
      </Typography>
    </>
  );
}
