// The rules of DiffTable's aligned rows on top of the turn cards': a three-column grid (A, a
// narrow gutter, B) under sticky column heads, tinted by row kind, with the first divergence
// outlined and folded runs as dashed buttons.
import { alpha, type CSSObject, type Theme } from '@mui/material/styles';
import type { AlignedRow } from '../../../shared/trajectory-alignment';
import { toolCallViewClasses } from '../../transcript/tool-call-view-styles';
import { turnCardClasses } from '../../transcript/turn-card-styles';
import { turnContentClasses } from '../../transcript/turn-content-styles';

export const diffTableClasses = {
  row: 'tw-diff-row',
  /** The sticky row that names the columns. */
  columns: 'tw-diff-columns',
  gutter: 'tw-diff-gutter',
  first: 'tw-diff-first',
  firstLabel: 'tw-diff-first-label',
  fold: 'tw-diff-fold',
} as const;

type RowKind = AlignedRow['kind'];

/** Tints a row by how its two sides compare. */
export function diffRowClass(kind: RowKind): `tw-diff-${RowKind}` {
  return `tw-diff-${kind}`;
}

export function diffTableStyles(theme: Theme): CSSObject {
  const c = diffTableClasses;
  const { turn } = turnCardClasses;
  const { content, observation } = turnContentClasses;
  const changed = `& .${diffRowClass('changed')}`;
  const onlyA = `& .${diffRowClass('only_a')}`;
  const onlyB = `& .${diffRowClass('only_b')}`;
  return {
    [`& .${c.row}`]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 1fr) 28px minmax(0, 1fr)',
      alignItems: 'stretch',
      columnGap: theme.spacing(1),
      scrollMarginTop: 120,
    },
    [`& .${c.columns}`]: {
      position: 'sticky',
      top: 48,
      zIndex: 2,
      padding: theme.spacing(0.75, 0),
      marginBottom: theme.spacing(1),
      backgroundColor: theme.palette.background.default,
      borderBottom: `1px solid ${theme.palette.divider}`,
      fontSize: 12,
      fontWeight: 600,
      color: theme.palette.text.secondary,
      overflowWrap: 'anywhere',
    },
    [`& .${c.row} .${turn}`]: { marginBottom: theme.spacing(1), height: `calc(100% - 8px)` },
    // Long observations scroll inside their cell so one row never dwarfs the rest.
    [`& .${c.row} .${content}.${observation}`]: { maxHeight: 280 },
    [`& .${c.row} .${toolCallViewClasses.args}`]: { maxHeight: 240 },
    [`& .${c.gutter}`]: {
      display: 'flex',
      justifyContent: 'center',
      paddingTop: theme.spacing(1),
      fontFamily: 'monospace',
      fontWeight: 700,
      color: theme.palette.text.secondary,
    },
    [`${changed} .${c.gutter}`]: { color: theme.palette.warning.main },
    [`${onlyA} .${c.gutter}, ${onlyB} .${c.gutter}`]: { color: theme.palette.info.main },
    [`${changed} .${turn}`]: { backgroundColor: alpha(theme.palette.warning.main, 0.06) },
    [`${onlyA} .${turn}, ${onlyB} .${turn}`]: {
      backgroundColor: alpha(theme.palette.info.main, 0.06),
    },
    [`& .${c.first}`]: {
      outline: `2px solid ${theme.palette.warning.main}`,
      outlineOffset: 3,
      borderRadius: theme.shape.borderRadius,
      marginBottom: theme.spacing(1.5),
    },
    [`& .${c.firstLabel}`]: {
      gridColumn: '1 / -1',
      marginBottom: theme.spacing(0.75),
      fontSize: 12,
      fontWeight: 700,
      color: theme.palette.warning.main,
      textTransform: 'uppercase',
      letterSpacing: 0.5,
    },
    [`& .${c.fold}`]: {
      width: '100%',
      marginBottom: theme.spacing(1),
      padding: theme.spacing(0.75),
      border: `1px dashed ${theme.palette.divider}`,
      borderRadius: theme.shape.borderRadius,
      background: 'none',
      font: 'inherit',
      fontSize: 13,
      color: theme.palette.text.secondary,
      cursor: 'pointer',
      '&:hover': { backgroundColor: theme.palette.action.hover },
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
    },
  };
}
