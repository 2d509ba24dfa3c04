// The rules of DiffText: added lines green, removed red, hunk heads blue, file heads bold.
import type { CSSObject, Theme } from '@mui/material/styles';
import type { DiffLineKind } from './terminal-text';

type MarkedKind = Exclude<DiffLineKind, 'context'>;

/** Colours a unified diff's line by its kind. */
export function diffLineClass(kind: MarkedKind): `tw-diff-${MarkedKind}` {
  return `tw-diff-${kind}`;
}

export function diffTextStyles(theme: Theme): CSSObject {
  return {
    [`& .${diffLineClass('add')}`]: { color: theme.palette.success.main },
    [`& .${diffLineClass('del')}`]: { color: theme.palette.error.main },
    [`& .${diffLineClass('hunk')}`]: { color: theme.palette.info.main },
    [`& .${diffLineClass('file')}`]: { fontWeight: 700 },
  };
}
