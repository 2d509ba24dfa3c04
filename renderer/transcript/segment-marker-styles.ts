// The rules of SegmentMarker: a band with the step's name, its role label as a chip in the
// labeling panel's colours (filled for a human label, outlined otherwise) and its credit total.
import type { CSSObject, Theme } from '@mui/material/styles';
import type { RoleInfo } from '../components/role-labels';
import { MONO_FONT } from '../theme/theme';
import { turnCardClasses } from './turn-card-styles';

export const segmentMarkerClasses = {
  segment: 'tw-segment',
  name: 'tw-segment-name',
  /** A role-label chip (with turnCardClasses.chip). */
  label: 'tw-label',
  /** The label was set by a person. */
  human: 'tw-human',
  credit: 'tw-credit',
  positive: 'tw-positive',
  negative: 'tw-negative',
} as const;

type LabelColour = RoleInfo['color'];

/** Colours a role-label chip, and its band, as the labeling panel colours the label. */
export function labelColourClass(colour: LabelColour): `tw-label-${LabelColour}` {
  return `tw-label-${colour}`;
}

export function segmentMarkerStyles(theme: Theme): CSSObject {
  const c = segmentMarkerClasses;
  const chip = turnCardClasses.chip;
  const colours = Object.fromEntries(
    (['success', 'info', 'error'] as const).flatMap((colour) => {
      const p = theme.palette[colour];
      const label = labelColourClass(colour);
      return [
        [`& .${chip}.${label}`, { color: p.main, borderColor: p.main }],
        [`& .${chip}.${label}.${c.human}`, { color: p.contrastText, backgroundColor: p.main }],
        [`& .${c.segment}:has(.${label})`, { borderLeftColor: p.main }],
      ];
    }),
  );
  return {
    [`& .${c.segment}`]: {
      display: 'flex',
      alignItems: 'center',
      gap: theme.spacing(1),
      height: 26,
      marginBottom: 4,
      padding: theme.spacing(0, 1),
      borderLeft: `3px solid ${theme.palette.text.disabled}`,
      fontSize: 12,
    },
    [`& .${c.name}`]: { fontWeight: 700, fontSize: 12 },
    [`& .${chip}.${c.label}`]: { fontWeight: 600, backgroundColor: 'transparent' },
    ...colours,
    [`& .${chip}.${labelColourClass('default')}`]: {
      color: theme.palette.text.secondary,
      borderColor: theme.palette.text.secondary,
    },
    [`& .${c.credit}`]: { fontFamily: MONO_FONT, fontSize: 12, fontWeight: 600 },
    [`& .${c.credit}.${c.positive}`]: { color: theme.palette.success.main },
    [`& .${c.credit}.${c.negative}`]: { color: theme.palette.error.main },
  };
}
