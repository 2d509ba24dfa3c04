// One facet: its values with counts, most frequent first; checking values narrows the explorer.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import type { FacetEntry } from '../../../shared/api-explorer';
import { formatCount } from '../../components/format';
import { MONO_FONT } from '../../theme/theme';

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
      {shown.map((entry) => {
        const label = entry.value ?? '(none)';
        const checked = selected.includes(entry.value);
        return (
          <Box
            key={label}
            component="label"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, cursor: 'pointer', minWidth: 0 }}
          >
            <Checkbox
              size="small"
              checked={checked}
              onChange={() => onToggle(entry.value)}
              sx={{ p: 0.25 }}
              slotProps={{ input: { 'aria-label': `${title} ${label}` } }}
            />
            <Typography
              variant="body2"
              title={label}
              sx={{
                flex: 1,
                minWidth: 0,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
                fontFamily: mono ? MONO_FONT : undefined,
                fontSize: mono ? 12 : undefined,
                fontStyle: entry.value === null ? 'italic' : undefined,
              }}
            >
              {label}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {formatCount(entry.count)}
            </Typography>
          </Box>
        );
      })}
      {distinct > entries.length && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {formatCount(distinct - entries.length)} more; search or use the SQL console for the rest.
        </Typography>
      )}
    </Box>
  );
}
