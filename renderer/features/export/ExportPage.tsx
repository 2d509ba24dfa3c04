// `#/export`: export targets are not in this version yet; say so instead of showing dead buttons.
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/PageHeader';

export function ExportPage() {
  return (
    <>
      <PageHeader title="Export" subtitle="Curated, reweighted training sets for your trainer." />
      <Alert severity="info" sx={{ mb: 2 }}>
        Export targets are not available in this version of Turnwise yet.
      </Alert>
      <Paper sx={{ p: 2 }}>
        <Typography variant="body2" component="div" sx={{ color: 'text.secondary' }}>
          When export lands, this page will write the trajectories you select — with their
          step-level credit and approved labels — into formats trainers load directly, atomically
          and with a manifest describing what was exported. Until then, the SQL page can query
          everything that an export would contain.
        </Typography>
      </Paper>
    </>
  );
}
