// The rules of TracebackText: header and frames muted, the failing code bold, the exception red.
import type { CSSObject, Theme } from '@mui/material/styles';
import type { TracebackLineKind } from './traceback';

type MarkedKind = Exclude<TracebackLineKind, 'plain'>;

/** Marks a traceback line by its part. */
export function tracebackLineClass(kind: MarkedKind): `tw-tb-${MarkedKind}` {
  return `tw-tb-${kind}`;
}

export function tracebackTextStyles(theme: Theme): CSSObject {
  const line = tracebackLineClass;
  return {
    [`& .${line('header')}, & .${line('frame')}`]: { color: theme.palette.text.secondary },
    [`& .${line('code')}`]: { fontWeight: 600 },
    [`& .${line('exception')}`]: { color: theme.palette.error.main, fontWeight: 700 },
  };
}
