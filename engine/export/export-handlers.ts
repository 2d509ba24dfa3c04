// Handlers of the export API methods (shared/api-export.ts).
import type { EXPORT_API, ExportSummary } from '../../shared/api-export';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { pendingDir } from './atomic-dir';
import { previewExport, runExport } from './run-export';
import { checkWhere } from './selection';

export function exportHandlers({ workspace, jobs }: HandlerContext): HandlersOf<typeof EXPORT_API> {
  return {
    startExport: async (request) => {
      // Bad input is refused before a job starts, so the caller gets the reason at once.
      if (request.where !== undefined) await checkWhere(workspace, request.where);
      pendingDir(request.out_dir, request.overwrite, workspace.path).abort();
      return jobs.start('export', (report, signal): Promise<ExportSummary> =>
        runExport(workspace, request, report, signal),
      );
    },
    previewExport: ({ limit, ...selection }) => previewExport(workspace, selection, limit),
  };
}
