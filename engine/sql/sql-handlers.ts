// Handlers of the SQL console's methods (shared/api-sql.ts).
import type { SQL_API } from '../../shared/api-sql';
import { TurnwiseError } from '../../shared/result';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { RunningQueries } from '../store/bounded-query';
import { runReadOnlySql } from '../store/read-only-sql';
import { queryMemoryBytes, readSqlSettings, writeSqlSettings } from './sql-settings';

const MB = 2 ** 20;

export function sqlHandlers({ workspace }: HandlerContext): HandlersOf<typeof SQL_API> {
  const running = new RunningQueries();
  return {
    runSql: async (request) => {
      const settings = await readSqlSettings(workspace);
      const maxBytes = (request.max_result_mb ?? settings.max_result_mb) * MB;
      return runReadOnlySql(
        workspace,
        request.sql,
        { maxRows: request.max_rows, maxBytes },
        {
          timeoutMs: (request.timeout_s ?? settings.timeout_s) * 1000,
          memoryBytes: queryMemoryBytes(),
          ...(request.query_id === undefined ? {} : { queryId: request.query_id, running }),
        },
      );
    },
    cancelSql: async (request) => ({ cancelled: running.cancel(request.query_id) }),
    getSqlSettings: () => readSqlSettings(workspace),
    setSqlSettings: async (request) => {
      if (workspace.readOnly) {
        throw new TurnwiseError('read_only', 'the workspace is open read-only');
      }
      return writeSqlSettings(workspace, request);
    },
  };
}
