// An unknown hash route.
import Alert from '@mui/material/Alert';
import { AppLink } from '../components/AppLink';
import { PageHeader } from '../components/PageHeader';

export function NotFoundPage({ path }: { path: string }) {
  return (
    <>
      <PageHeader title="Page not found" />
      <Alert severity="warning">
        There is no page at <code>#/{path}</code>.{' '}
        <AppLink href="#/">Back to the start page</AppLink>.
      </Alert>
    </>
  );
}
