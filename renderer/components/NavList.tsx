// The left navigation; entries are real links so their accessible names are their labels.
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import CompareArrowsOutlined from '@mui/icons-material/CompareArrowsOutlined';
import DatasetOutlined from '@mui/icons-material/DatasetOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import TerminalOutlined from '@mui/icons-material/TerminalOutlined';
import TimelineOutlined from '@mui/icons-material/TimelineOutlined';
import type { ReactNode } from 'react';
import { hrefFor, type Route } from '../routing/routes';

type Section =
  | 'datasets'
  | 'trajectories'
  | 'charts'
  | 'runs'
  | 'compare'
  | 'review'
  | 'judge'
  | 'prompts'
  | 'annotators'
  | 'sql'
  | 'export';

const ENTRIES: { section: Section; label: string; icon: ReactNode }[] = [
  { section: 'datasets', label: 'Datasets', icon: <DatasetOutlined fontSize="small" /> },
  { section: 'trajectories', label: 'Trajectories', icon: <TimelineOutlined fontSize="small" /> },
  { section: 'charts', label: 'Charts', icon: <BarChartOutlined fontSize="small" /> },
  { section: 'runs', label: 'Runs', icon: <AccountTreeOutlined fontSize="small" /> },
  { section: 'compare', label: 'Compare', icon: <CompareArrowsOutlined fontSize="small" /> },
  { section: 'review', label: 'Review', icon: <FactCheckOutlined fontSize="small" /> },
  { section: 'judge', label: 'Judge eval', icon: <GavelOutlined fontSize="small" /> },
  { section: 'prompts', label: 'Prompts', icon: <HistoryEduOutlined fontSize="small" /> },
  { section: 'annotators', label: 'Annotators', icon: <GroupsOutlined fontSize="small" /> },
  { section: 'sql', label: 'SQL', icon: <TerminalOutlined fontSize="small" /> },
  { section: 'export', label: 'Export', icon: <FileDownloadOutlined fontSize="small" /> },
];

export function sectionOf(route: Route): Section | null {
  switch (route.name) {
    case 'datasets':
    case 'dataset':
      return 'datasets';
    case 'trajectories':
    case 'trajectory':
    case 'group':
      return 'trajectories';
    case 'charts':
    case 'runs':
    case 'compare':
    case 'review':
    case 'judge':
    case 'prompts':
    case 'annotators':
    case 'sql':
    case 'export':
      return route.name;
    default:
      return null;
  }
}

export function NavList({ route }: { route: Route }) {
  const current = sectionOf(route);
  return (
    <List component="nav" aria-label="Main" dense sx={{ px: 1 }}>
      {ENTRIES.map((entry) => {
        const selected = entry.section === current;
        return (
          <ListItemButton
            key={entry.section}
            component="a"
            href={hrefFor({ name: entry.section })}
            selected={selected}
            aria-current={selected ? 'page' : undefined}
            sx={{ borderRadius: 1, mb: 0.25 }}
          >
            <ListItemIcon sx={{ minWidth: 32 }}>{entry.icon}</ListItemIcon>
            <ListItemText primary={entry.label} />
          </ListItemButton>
        );
      })}
    </List>
  );
}
