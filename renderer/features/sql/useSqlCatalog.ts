// Loads the views' columns for completion once per page session (not per visit to the console).
import { useEffect } from 'react';
import { useApiClient } from '../../api/ApiContext';
import { CATALOG_SQL, catalogFromRows, setCatalog } from './sql-catalog';

let loading: Promise<boolean> | null = null;

export function useSqlCatalog(): void {
  const client = useApiClient();
  useEffect(() => {
    if (loading !== null) return;
    loading = client.call('runSql', { sql: CATALOG_SQL, max_rows: 10_000 }).then((result) => {
      if (result.ok) setCatalog(catalogFromRows(result.value.rows));
      else loading = null; // completion still offers views and keywords; retry on the next visit
      return result.ok;
    });
  }, [client]);
}
