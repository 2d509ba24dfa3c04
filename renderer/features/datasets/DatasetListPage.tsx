// `#/` and `#/datasets`: every dataset in the workspace.
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import FileUpload from '@mui/icons-material/FileUpload';
import Refresh from '@mui/icons-material/Refresh';
import { useApi } from '../../api/useApi';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { openImportDialog } from '../import/ImportLauncher';
import { DatasetTable } from './DatasetTable';

export function DatasetListPage() {
  const datasets = useApi('listDatasets', {}, { keepPrevious: true });
  const list = datasets.data?.datasets;
  return (
    <>
      <PageHeader
        title="Datasets"
        subtitle={list !== undefined ? `${list.length} imported into this workspace` : undefined}
        actions={
          <>
            <Button startIcon={<Refresh />} onClick={datasets.reload}>
              Refresh
            </Button>
            <Button
              variant="contained"
              startIcon={<FileUpload />}
              onClick={openImportDialog}
              data-testid="import-open"
            >
              Import
            </Button>
          </>
        }
      />
      {datasets.error !== undefined ? (
        <ErrorAlert
          error={datasets.error}
          title="Could not list datasets"
          onRetry={datasets.reload}
        />
      ) : list !== undefined && list.length === 0 ? (
        <Paper>
          <EmptyState title="No datasets yet">
            Use Import above, drop rollout files on this window, or run{' '}
            <code>turnwise import PATH --db WORKSPACE.duckdb</code> and refresh this page.
          </EmptyState>
        </Paper>
      ) : (
        <DatasetTable datasets={list} />
      )}
    </>
  );
}
