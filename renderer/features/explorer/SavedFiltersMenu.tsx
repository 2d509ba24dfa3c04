// Saved filters of this workspace: apply one, save the current filter, delete one.
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { useState } from 'react';
import { isEmptyFilter, type TrajectoryFilter } from '../../../shared/trajectory-filter';
import { useApi } from '../../api/useApi';
import { useApiWrite } from '../../api/useApiWrite';
import { filterParts } from '../../components/filters/ActiveFilterChips';
import { SaveFilterDialog } from './SaveFilterDialog';

type Props = { filter: TrajectoryFilter; onApply: (filter: TrajectoryFilter) => void };

export function SavedFiltersMenu({ filter, onApply }: Props) {
  const write = useApiWrite();
  const saved = useApi('listSavedFilters', {});
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [saving, setSaving] = useState(false);
  const filters = saved.data?.filters ?? [];
  return (
    <>
      <Button
        size="small"
        startIcon={<BookmarkBorder />}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="saved-filters"
      >
        Saved filters
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          disabled={isEmptyFilter(filter)}
          onClick={() => {
            setAnchor(null);
            setSaving(true);
          }}
        >
          Save current filter…
        </MenuItem>
        <Divider />
        {filters.length === 0 && <MenuItem disabled>No saved filters yet</MenuItem>}
        {filters.map((entry) => (
          <MenuItem
            key={entry.name}
            data-testid="saved-filter"
            onClick={() => {
              setAnchor(null);
              onApply(entry.filter);
            }}
          >
            <ListItemText
              primary={entry.name}
              secondary={filterParts(entry.filter)
                .map((part) => part.label)
                .join(' · ')}
              slotProps={{ secondary: { sx: { maxWidth: 360, whiteSpace: 'normal' } } }}
            />
            <IconButton
              edge="end"
              size="small"
              aria-label={`Delete saved filter ${entry.name}`}
              onClick={(event) => {
                event.stopPropagation();
                void write('deleteSavedFilter', { name: entry.name });
              }}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
      </Menu>
      {saving && (
        <SaveFilterDialog
          filter={filter}
          existing={filters.map((f) => f.name)}
          onClose={() => setSaving(false)}
          onSaved={() => {
            setSaving(false);
          }}
        />
      )}
    </>
  );
}
