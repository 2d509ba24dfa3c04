// Handlers of importing, the formats it reads and saved mappings (shared/api-import.ts). The
// readers (most of the engine's code) are imported when an import or a preview first needs
// them, so a command that only reads a workspace does not compile them at start
// (docs/performance.md).
import type { IMPORT_API } from '../../shared/api-import';
import type { ImportSummary } from '../../shared/model';
import { TurnwiseError } from '../../shared/result';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { formatInfos } from './format-infos';
import { listMappings, resolveMapping, saveMapping } from './mappings';

/** Formats whose Parquet rows can be read where they are (attached) instead of copied. */
const ATTACHABLE_FORMATS = new Set(['turnwise', 'openai-chat']);

export function importHandlers({ workspace, jobs }: HandlerContext): HandlersOf<typeof IMPORT_API> {
  return {
    listFormats: async () => ({ formats: formatInfos() }),
    startImport: async (request) => {
      if (request.attach) {
        if (request.keep_secrets) {
          throw new TurnwiseError(
            'invalid_input',
            'attaching reads files where they are and scans nothing at import, so there is ' +
              'nothing to keep: leave out keep_secrets (exports of attached datasets redact secrets)',
          );
        }
        if (request.format !== 'auto' && !ATTACHABLE_FORMATS.has(request.format)) {
          throw new TurnwiseError(
            'invalid_input',
            `format '${request.format}' cannot be attached; attaching reads Parquet rows of ` +
              `OpenAI-style messages (formats ${[...ATTACHABLE_FORMATS].join(', ')})`,
          );
        }
        const attachOptions = {
          paths: request.paths,
          dataset: request.dataset,
          onError: request.on_error,
          formatOptions: request.format_options,
        };
        return jobs.start('import', async (report, signal): Promise<ImportSummary> => {
          const { runAttach } = await import('./attach/run-attach');
          return runAttach(workspace, attachOptions, report, signal);
        });
      }
      const mapping = await resolveMapping(workspace, request.format, request.mapping);
      const options = {
        paths: request.paths,
        format: request.format,
        dataset: request.dataset,
        onError: request.on_error,
        formatOptions: request.format_options,
        mapping,
        keepSecrets: request.keep_secrets,
      };
      return jobs.start('import', async (report, signal): Promise<ImportSummary> => {
        const { runImport } = await import('./run-import');
        return runImport(workspace, options, report, signal);
      });
    },
    previewImport: async (request) => {
      const { previewImport } = await import('./preview-import');
      return previewImport(
        request,
        await resolveMapping(workspace, request.format, request.mapping),
      );
    },
    listMappings: async () => ({ mappings: await listMappings(workspace) }),
    saveMapping: (request) => saveMapping(workspace, request.name, request.spec),
  };
}
