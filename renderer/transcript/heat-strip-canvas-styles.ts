// The rules of HeatStripCanvas: the label in a fixed column beside its canvas.
import type { CSSObject, Theme } from '@mui/material/styles';

export const heatStripCanvasClasses = {
  strip: 'tw-strip',
  label: 'tw-strip-label',
} as const;

export function heatStripCanvasStyles(theme: Theme): CSSObject {
  const c = heatStripCanvasClasses;
  return {
    [`& .${c.strip}`]: {
      display: 'grid',
      gridTemplateColumns: '88px minmax(0, 1fr)',
      alignItems: 'center',
    },
    [`& .${c.label}`]: { fontSize: 11, color: theme.palette.text.secondary },
    [`& .${c.strip} canvas`]: { display: 'block', cursor: 'crosshair', borderRadius: 2 },
  };
}
