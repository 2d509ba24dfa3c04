// turnwise sql --db FILE "SELECT ..." [--max-rows N] [--timeout S] [--max-mb N] [--json]
// turnwise sql --db FILE --save-limits [--timeout S] [--max-mb N] [--json]
import { SQL_RESULT_MB, SQL_TIMEOUT_S } from '../../shared/api-sql';
import { numberOption, parse, requireDb } from './args';
import { call, withEngine } from './call';
import { formatTable, printJson, usageFailure } from './output';

export async function sqlCommand(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, {
    db: { type: 'string' },
    'max-rows': { type: 'string', default: '10000' },
    timeout: { type: 'string' },
    'max-mb': { type: 'string' },
    'save-limits': { type: 'boolean', default: false },
  });
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
        console.log(
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
      console.log(formatTable(names, result.rows));
      const count = `${result.rows.length} row${result.rows.length === 1 ? '' : 's'}`;
      console.log(`(${count}${result.truncated ? ', truncated' : ''})`);
    }
    if (result.cut_by === 'rows') {
      process.stderr.write(`turnwise: sql: output cut at ${maxRows} rows (--max-rows)\n`);
    }
    if (result.cut_by === 'bytes') {
      const mb = Math.round(result.max_bytes / 2 ** 20);
      process.stderr.write(`turnwise: sql: result cut at ${mb} MB (--max-mb)\n`);
    }
  });
}
