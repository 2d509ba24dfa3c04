// The aligned rows' styles on top of the turn cards' (TurnListRoot): a three-column grid (A, a
// narrow gutter, B), tinted by row kind, with the first divergence outlined.
import { alpha, styled } from '@mui/material/styles';
import { TurnListRoot } from '../../transcript/turn-styles';

export const DiffTableRoot = styled(TurnListRoot)(({ theme }) => ({
  '& .tw-diff-row': {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 28px minmax(0, 1fr)',
    alignItems: 'stretch',
    columnGap: theme.spacing(1),
    scrollMarginTop: 120,
  },
  '& .tw-diff-columns': {
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
  '& .tw-diff-row .tw-turn': { marginBottom: theme.spacing(1), height: `calc(100% - 8px)` },
  // Long observations scroll inside their cell so one row never dwarfs the rest.
  '& .tw-diff-row .tw-content.tw-observation': { maxHeight: 280 },
  '& .tw-diff-row .tw-call-args': { maxHeight: 240 },
  '& .tw-diff-gutter': {
    display: 'flex',
    justifyContent: 'center',
    paddingTop: theme.spacing(1),
    fontFamily: 'monospace',
    fontWeight: 700,
    color: theme.palette.text.secondary,
  },
  '& .tw-diff-changed .tw-diff-gutter': { color: theme.palette.warning.main },
  '& .tw-diff-only_a .tw-diff-gutter, & .tw-diff-only_b .tw-diff-gutter': {
    color: theme.palette.info.main,
  },
  '& .tw-diff-changed .tw-turn': { backgroundColor: alpha(theme.palette.warning.main, 0.06) },
  '& .tw-diff-only_a .tw-turn, & .tw-diff-only_b .tw-turn': {
    backgroundColor: alpha(theme.palette.info.main, 0.06),
  },
  '& .tw-diff-gap': {
    height: `calc(100% - 8px)`,
    minHeight: 36,
    marginBottom: theme.spacing(1),
    border: `1px dashed ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: 12,
    fontStyle: 'italic',
    color: theme.palette.text.disabled,
  },
  '& .tw-diff-first': {
    outline: `2px solid ${theme.palette.warning.main}`,
    outlineOffset: 3,
    borderRadius: theme.shape.borderRadius,
    marginBottom: theme.spacing(1.5),
  },
  '& .tw-diff-first-label': {
    gridColumn: '1 / -1',
    marginBottom: theme.spacing(0.75),
    fontSize: 12,
    fontWeight: 700,
    color: theme.palette.warning.main,
    textTransform: 'uppercase',
    letterSpacing: 0.5,
  },
  '& .tw-diff-fold': {
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
}));
