// Marks the selected segment's turns in the turn list (cards have ids turn-<index>) without
// touching the list itself: a global style rule for exactly those ids.
import GlobalStyles from '@mui/material/GlobalStyles';
import type { LabeledSegment } from '../../../shared/api-labels';

export function SegmentHighlight({ segment }: { segment: LabeledSegment | undefined }) {
  if (segment === undefined) return null;
  const selectors: string[] = [];
  for (let turn = segment.turn_start; turn <= segment.turn_end; turn += 1)
    selectors.push(`#turn-${turn}`);
  return (
    <GlobalStyles
      styles={(theme) => ({
        [selectors.join(', ')]: {
          outline: `2px solid ${theme.palette.primary.main}`,
          outlineOffset: 2,
          // Scrolled to below the fixed app bar, not under it.
          scrollMarginTop: 64,
        },
      })}
    />
  );
}
