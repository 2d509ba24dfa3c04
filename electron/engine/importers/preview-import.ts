// What the import dialog shows before anything is written: the files, the detected format with
// every candidate's score, and the first trajectories (or the first bad records) as read.
import type { ApiOutput, ApiRequest } from '../../../shared/api';
import type { MappingSpec } from '../../../shared/model';
import { TurnwiseError } from '../../../shared/result';
import { recordErrorReason, type ReadItem } from './canonical';
import { mappingReader } from './mapping';
import { formatByName, scoreFormats } from './registry';
import { resolveSourceFiles } from './source-files';

const PREVIEW_TRAJECTORIES = 5;
const PREVIEW_ITEMS = 50;

export async function previewImport(
  request: ApiRequest<'previewImport'>,
  mapping?: MappingSpec,
): Promise<ApiOutput<'previewImport'>> {
  const files = await resolveSourceFiles(request.paths);
  const first = files[0];
  if (!first) throw new TurnwiseError('invalid_input', 'no files to import');
  const candidates = (mapping ? [] : await scoreFormats(first.path)).map(({ reader, score }) => ({
    name: reader.name,
    score: Math.round(score * 100) / 100,
  }));
  const chosen = request.format === 'auto' ? candidates[0]?.name : request.format;
  const readerOf = (name: string) => (mapping ? mappingReader(mapping, name) : formatByName(name));
  const result: ApiOutput<'previewImport'> = {
    files: files.slice(0, 200).map((file) => ({ path: file.path, bytes: file.bytes })),
    total_files: files.length,
    total_bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    candidates,
    format: chosen ?? null,
    trajectories: [],
    errors: [],
  };
  if (chosen === undefined) return result;
  const reader = readerOf(chosen);
  const controller = new AbortController();
  const context = {
    progress: { bytesRead: 0 },
    signal: controller.signal,
    options: request.format_options,
  };
  let seen = 0;
  try {
    for await (const item of reader.read(first.path, context) as AsyncIterable<ReadItem>) {
      seen += 1;
      if (item.kind === 'dropped') continue;
      if (item.kind === 'error') {
        result.errors.push({ file: first.path, line: item.line, reason: item.reason });
      } else {
        const { trajectory } = item;
        const firstUser = trajectory.turns.find((turn) => turn.role === 'user');
        result.trajectories.push({
          source_id: trajectory.source_id,
          task_id: trajectory.task_id,
          group_id: trajectory.group_id,
          reward: trajectory.reward,
          success: trajectory.success,
          n_turns: trajectory.turns.length,
          n_actions: trajectory.turns.filter((turn) => turn.is_action).length,
          first_user_message: firstUser ? firstUser.content.slice(0, 300) : null,
        });
      }
      if (result.trajectories.length >= PREVIEW_TRAJECTORIES || seen >= PREVIEW_ITEMS) break;
    }
  } catch (error) {
    const reason = recordErrorReason(error) ?? (error as Error).message;
    result.errors.push({ file: first.path, line: 0, reason });
  } finally {
    controller.abort();
  }
  return result;
}
