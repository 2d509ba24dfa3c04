// The turn card's rules: its frame in the role's colour, the head row (index, chips, ids and
// counts) and the small pieces the card's parts share (chips, muted text, notes). Class names
// only: TurnListRoot applies these rules once per list (see turn-styles.ts).
import type { CSSObject, Theme } from '@mui/material/styles';
import { TURN_ROLES, type TurnRole } from '../../shared/model';
import { roleColor } from '../theme/role-colors';
import { MONO_FONT } from '../theme/theme';

export const turnCardClasses = {
  turn: 'tw-turn',
  /** The card the search or the failure jump is on. */
  active: 'tw-active',
  head: 'tw-head',
  index: 'tw-index',
  chip: 'tw-chip',
  action: 'tw-action',
  logprobs: 'tw-logprobs',
  spacer: 'tw-spacer',
  meta: 'tw-meta',
  mono: 'tw-mono',
  /** Says that a part has nothing to show. */
  empty: 'tw-empty',
  /** Says why something is shown other than usual. */
  note: 'tw-note',
} as const;

/** Colours a card's frame or a chip in the turn's role. */
export function roleClass(role: TurnRole): `tw-role-${TurnRole}` {
  return `tw-role-${role}`;
}

export function turnCardStyles(theme: Theme): CSSObject {
  const c = turnCardClasses;
  const roles = Object.fromEntries(
    TURN_ROLES.flatMap((role) => {
      const colour = roleColor(role, theme.palette.mode);
      return [
        [`& .${c.turn}.${roleClass(role)}`, { borderLeftColor: colour.border }],
        [
          `& .${c.chip}.${roleClass(role)}`,
          { color: colour.fg, backgroundColor: colour.bg, borderColor: colour.border },
        ],
      ];
    }),
  );
  return {
    [`& .${c.turn}`]: {
      backgroundColor: theme.palette.background.paper,
      border: `1px solid ${theme.palette.divider}`,
      borderLeftWidth: 3,
      borderRadius: theme.shape.borderRadius,
      padding: theme.spacing(1, 1.5),
      marginBottom: theme.spacing(1),
      // Below the app bar and the sticky search bar when scrolled to (the labeling panel's
      // highlight sets a smaller margin by id, hence the !important).
      scrollMarginTop: '112px !important',
    },
    [`& .${c.turn}.${c.active}`]: { boxShadow: `0 0 0 2px ${theme.palette.warning.main}` },
    [`& .${c.head}`]: {
      display: 'flex',
      alignItems: 'center',
      gap: theme.spacing(1),
      flexWrap: 'wrap',
    },
    [`& .${c.index}`]: {
      fontFamily: MONO_FONT,
      fontSize: 12,
      color: theme.palette.text.secondary,
      minWidth: 28,
    },
    [`& .${c.chip}`]: {
      display: 'inline-flex',
      alignItems: 'center',
      height: 20,
      padding: '0 7px',
      borderRadius: 10,
      border: '1px solid',
      fontSize: 12,
      fontWeight: 600,
      lineHeight: 1,
    },
    [`& button.${c.chip}`]: {
      cursor: 'pointer',
      background: 'none',
      font: 'inherit',
      fontSize: 12,
    },
    [`& .${c.chip}.${c.action}`]: {
      color: theme.palette.primary.contrastText,
      backgroundColor: theme.palette.primary.main,
      borderColor: theme.palette.primary.main,
    },
    [`& .${c.chip}.${c.logprobs}`]: {
      color: theme.palette.secondary.main,
      borderColor: theme.palette.secondary.main,
      fontWeight: 500,
    },
    [`& .${c.spacer}`]: { flex: 1 },
    [`& .${c.meta}`]: { fontSize: 11, color: theme.palette.text.secondary },
    [`& .${c.mono}`]: { fontFamily: MONO_FONT },
    [`& .${c.empty}`]: { fontSize: 12, fontStyle: 'italic', color: theme.palette.text.disabled },
    [`& .${c.note}`]: {
      margin: theme.spacing(0.5, 0),
      fontSize: 12,
      fontStyle: 'italic',
      color: theme.palette.text.secondary,
    },
    ...roles,
  };
}
