// turnwise sql --db FILE "SELECT ..." [options] | --save-limits: the table is SQL_COMMAND.
import { SQL_RESULT_MB, SQL_TIMEOUT_S } from '../shared/api-sql';
import { numberOption, parse, requireDb } from './args';
import { call, withEngine } from './call';
import type { CommandSpec } from './command-spec';
import { formatTable, output, printJson, printLine, usageFailure } from './output';

export const SQL_COMMAND: CommandSpec = {
  name: 'sql',
  summary: "Run one read-only query on the workspace's public views, or save its query limits.",
  usage: ['--db FILE "SELECT ..." [options]', '--db FILE --save-limits [--timeout S] [--max-mb N]'],
  options: [
    { name: 'db', value: 'FILE', description: 'the workspace (required; opened read-only)' },
    {
      name: 'max-rows',
      value: 'N',
      description: 'print at most N rows (1 to 10000)',
      default: '10000',
    },
    {
      name: 'timeout',
      value: 'S',
      description: `stop the query after S seconds (${SQL_TIMEOUT_S.min} to ${SQL_TIMEOUT_S.max}; default: the workspace's limit)`,
    },
    {
      name: 'max-mb',
      value: 'N',
      description: `cut the result at N MB (${SQL_RESULT_MB.min} to ${SQL_RESULT_MB.max}; default: the workspace's limit)`,
    },
    {
      name: 'save-limits',
      description: "store --timeout and --max-mb as the workspace's query limits",
      default: false,
    },
  ],
  run: sqlCommand,
};

export async function sqlCommand(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, SQL_COMMAND);
  const db = requireDb(values);
  const timeout = numberOption(values.timeout, '--timeout', SQL_TIMEOUT_S);
  const maxMb = numberOption(values['max-mb'], '--max-mb', SQL_RESULT_MB, true);
  const limits = {
    ...(timeout === undefined ? {} : { timeout_s: timeout }),
    ...(maxMb === undefined ? {} : { max_result_mb: maxMb }),
  };
  if (values['save-limits']) {
    if (positionals.length !== 0) throw usageFailure('--save-limits takes no query');
    await withEngine(db, false, async (engine) => {
      const saved = await call(engine, 'setSqlSettings', limits, 'sql');
      if (values.json) printJson(saved);
      else
        printLine(
          `SQL limits: ${saved.timeout_s} s per query, results cut at ${saved.max_result_mb} MB`,
        );
    });
    return;
  }
  if (positionals.length !== 1) throw usageFailure('sql takes exactly one quoted query');
  const maxRows = numberOption(values['max-rows'], '--max-rows', { min: 1, max: 10_000 }, true);
  // The workspace itself is opened read-only: the strongest guarantee that sql changes nothing.
  await withEngine(db, true, async (engine) => {
    const input = { sql: positionals[0] ?? '', max_rows: maxRows, ...limits };
    const result = await call(engine, 'runSql', input, 'sql');
    const names = result.columns.map((c) => c.name);
    if (values.json) {
      printJson({ columns: names, rows: result.rows });
    } else {
      printLine(formatTable(names, result.rows));
      const count = `${result.rows.length} row${result.rows.length === 1 ? '' : 's'}`;
      printLine(`(${count}${result.truncated ? ', truncated' : ''})`);
    }
    if (result.cut_by === 'rows') {
      output().stderr(`turnwise: sql: output cut at ${maxRows} rows (--max-rows)\n`);
    }
    if (result.cut_by === 'bytes') {
      const mb = Math.round(result.max_bytes / 2 ** 20);
      output().stderr(`turnwise: sql: result cut at ${mb} MB (--max-mb)\n`);
    }
  });
}
