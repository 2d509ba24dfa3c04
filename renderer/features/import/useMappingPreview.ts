// A live preview of an import through the mapping being edited: debounced, so typing does not
// send a request per keystroke, and keyed, so a slow answer never replaces a newer one.
import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../../shared/api';
import type { MappingSpec } from '../../../shared/model';
import type { ApiError } from '../../../shared/result';
import { useApiClient } from '../../api/ApiContext';

export const MAPPING_PREVIEW_DELAY_MS = 600;

type Settled = { key: string; preview: ApiOutput<'previewImport'> | null; error: ApiError | null };

export type MappingPreview = {
  preview: ApiOutput<'previewImport'> | null;
  error: ApiError | null;
  loading: boolean;
};

export function useMappingPreview(paths: string[], spec: MappingSpec | null): MappingPreview {
  const client = useApiClient();
  const [settled, setSettled] = useState<Settled | null>(null);
  const key = spec === null || paths.length === 0 ? null : JSON.stringify([paths, spec]);

  useEffect(() => {
    if (key === null) return undefined;
    let live = true;
    const timer = window.setTimeout(() => {
      const [p, mapping] = JSON.parse(key) as [string[], MappingSpec];
      void client.call('previewImport', { paths: p, format: 'mapping', mapping }).then((result) => {
        if (!live) return;
        setSettled(
          result.ok
            ? { key, preview: result.value, error: null }
            : { key, preview: null, error: result.error },
        );
      });
    }, MAPPING_PREVIEW_DELAY_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [client, key]);

  if (key === null) return { preview: null, error: null, loading: false };
  // While a newer request is pending, the last answer stays up (dimmed by the panel).
  return {
    preview: settled?.preview ?? null,
    error: settled?.error ?? null,
    loading: settled?.key !== key,
  };
}
