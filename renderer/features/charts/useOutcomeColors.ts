// The outcome colours every chart shares: success green, failure red, unknown grey.
import { useTheme } from '@mui/material/styles';
import type { ChartOutcome } from '../../../shared/api-charts';

export function useOutcomeColors(): Record<ChartOutcome, string> {
  const theme = useTheme();
  return {
    success: theme.palette.success.main,
    failure: theme.palette.error.main,
    unknown: theme.palette.grey[500],
  };
}
