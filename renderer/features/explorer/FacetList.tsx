// One facet: its values with counts, most frequent first; checking values narrows the explorer.
import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { FacetEntry } from '../../../shared/api-explorer';
import { formatCount } from '../../components/format';
import { MONO_FONT } from '../../theme/theme';

/**
 * The entries styled once, by attributes, with a native checkbox: an MUI Checkbox and two styled
 * Typographies per value made the facets (up to 30 values each) a good part of the explorer's
 * first render (docs/performance.md, "App start").
 */
const Entries = styled('div')(({ theme }) => ({
  '& > label': {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(0.75),
    minWidth: 0,
    padding: theme.spacing(0.25, 0),
    cursor: 'pointer',
    ...theme.typography.body2,
  },
  '& input': {
    margin: theme.spacing(0, 0.25),
    width: 15,
    height: 15,
    flex: 'none',
    cursor: 'pointer',
    accentColor: theme.palette.primary.main,
  },
  '& [data-value]': {
    flex: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '&[data-mono] [data-value]': { fontFamily: MONO_FONT, fontSize: 12 },
  '& [data-none]': { fontStyle: 'italic' },
  '& [data-count]': { ...theme.typography.caption, color: theme.palette.text.secondary },
}));

type Props = {
  title: string;
  entries: FacetEntry[];
  distinct: number;
  selected: readonly (string | null)[];
  onToggle: (value: string | null) => void;
  mono?: boolean;
};

export function FacetList({ title, entries, distinct, selected, onToggle, mono = false }: Props) {
  // A selected value no longer among the counted ones still shows, so it can be unchecked.
  const shown = [
    ...entries,
    ...selected
      .filter((value) => !entries.some((entry) => entry.value === value))
      .map((value) => ({ value, count: 0 })),
  ];
  return (
    <Box component="section" aria-label={title} data-testid={`facet-${title}`} sx={{ mb: 2 }}>
      <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 2 }}>
        {title}
      </Typography>
      {shown.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.disabled' }}>
          none
        </Typography>
      )}
      <Entries data-mono={mono ? '' : undefined}>
        {shown.map((entry) => {
          const label = entry.value ?? '(none)';
          return (
            <label key={label}>
              <input
                type="checkbox"
                checked={selected.includes(entry.value)}
                onChange={() => onToggle(entry.value)}
                aria-label={`${title} ${label}`}
              />
              <span data-value="" data-none={entry.value === null ? '' : undefined} title={label}>
                {label}
              </span>
              <span data-count="">{formatCount(entry.count)}</span>
            </label>
          );
        })}
      </Entries>
      {distinct > entries.length && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {formatCount(distinct - entries.length)} more; search or use the SQL console for the rest.
        </Typography>
      )}
    </Box>
  );
}
