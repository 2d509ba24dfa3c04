// Opens the import dialog from anywhere: the Import button (a window event) or files dropped on
// the window. Dropped files are turned into paths first (Electron path, or a browser upload).
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useCallback, useEffect, useState } from 'react';
import { pathForDroppedFile } from '../../api/dropped-files';
import { useInvalidateAll } from '../../api/useInvalidate';
import { DialogLoadBoundary } from '../../components/DialogLoadBoundary';
import { lazyNamed } from '../../components/lazy-named';

// Loaded when first opened: the shell's first screen does not evaluate the dialog and its readers'
// option schemas.
const ImportDialog = lazyNamed(() => import('./ImportDialog'), 'ImportDialog');

export const OPEN_IMPORT_EVENT = 'turnwise:open-import';

/** Asks the launcher to open the import dialog. */
export function openImportDialog(): void {
  window.dispatchEvent(new Event(OPEN_IMPORT_EVENT));
}

export function ImportLauncher() {
  // An import adds datasets and trajectories that every list, count and chart may show.
  const invalidateAll = useInvalidateAll();
  const onImported = useCallback(() => void invalidateAll(), [invalidateAll]);
  const [opening, setOpening] = useState<{ key: number; paths: string[] } | null>(null);
  const [dropError, setDropError] = useState<string | null>(null);

  const open = useCallback((paths: string[]) => {
    setOpening((current) => ({ key: (current?.key ?? 0) + 1, paths }));
  }, []);

  useEffect(() => {
    const onOpen = () => open([]);
    const onDragOver = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      const files = [...(event.dataTransfer?.files ?? [])];
      // The dialog's own drop zone handles drops while it is open.
      if (files.length === 0 || event.defaultPrevented) return;
      event.preventDefault();
      void Promise.all(files.map(pathForDroppedFile)).then((results) => {
        const failed = results.find((result) => !result.ok);
        if (failed && !failed.ok) setDropError(failed.error.message);
        open(results.flatMap((result) => (result.ok ? [result.value] : [])));
      });
    };
    window.addEventListener(OPEN_IMPORT_EVENT, onOpen);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener(OPEN_IMPORT_EVENT, onOpen);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [open]);

  return (
    <>
      {opening !== null && (
        <DialogLoadBoundary what="the import dialog" onClose={() => setOpening(null)}>
          <ImportDialog
            key={opening.key}
            open
            initialPaths={opening.paths}
            onClose={() => setOpening(null)}
            onImported={onImported}
          />
        </DialogLoadBoundary>
      )}
      <Snackbar
        open={dropError !== null}
        autoHideDuration={8000}
        onClose={() => setDropError(null)}
      >
        <Alert severity="error" onClose={() => setDropError(null)}>
          {dropError}
        </Alert>
      </Snackbar>
    </>
  );
}
