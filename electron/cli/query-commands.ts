// turnwise formats | stats | sql: read-only commands.
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import { formatTable, printJson, usageFailure } from './output';
import { formatInfos } from '../engine/importers/registry';

export async function formatsCommand(args: string[]): Promise<void> {
  const { values } = parse(args, {});
  const formats = formatInfos();
  if (values.json) {
    printJson({ formats });
    return;
  }
  console.log(
    formatTable(
      ['name', 'extensions', 'description'],
      formats.map((f) => ({ ...f, extensions: f.extensions.join(' ') })),
      100,
    ),
  );
}

export async function statsCommand(args: string[]): Promise<void> {
  const { values } = parse(args, { db: { type: 'string' } });
  const db = requireDb(values);
  await withEngine(db, true, async (engine) => {
    const { datasets } = await call(engine, 'listDatasets', {}, 'stats');
    const rows = datasets.map(
      ({ dataset_id, name, format, trajectories, turns, groups, success_rate }) => ({
        dataset_id,
        name,
        format,
        trajectories,
        turns,
        groups,
        success_rate,
      }),
    );
    if (values.json) {
      printJson({ datasets: rows });
      return;
    }
    if (rows.length === 0)
      console.log('No datasets yet. Import one with: turnwise import PATH --db FILE');
    else console.log(formatTable(Object.keys(rows[0] ?? {}), rows));
  });
}

export async function sqlCommand(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, {
    db: { type: 'string' },
    'max-rows': { type: 'string', default: '10000' },
  });
  const db = requireDb(values);
  if (positionals.length !== 1) throw usageFailure('sql takes exactly one quoted query');
  const maxRows = Number(values['max-rows']);
  if (!Number.isInteger(maxRows) || maxRows < 1 || maxRows > 10_000) {
    throw usageFailure('--max-rows is a whole number from 1 to 10000');
  }
  // The workspace itself is opened read-only: the strongest guarantee that sql changes nothing.
  await withEngine(db, true, async (engine) => {
    const result = await call(
      engine,
      'runSql',
      { sql: positionals[0] ?? '', max_rows: maxRows },
      'sql',
    );
    if (values.json) {
      printJson({ columns: result.columns.map((c) => c.name), rows: result.rows });
    } else {
      console.log(
        formatTable(
          result.columns.map((c) => c.name),
          result.rows,
        ),
      );
      console.log(
        `(${result.rows.length} row${result.rows.length === 1 ? '' : 's'}${result.truncated ? ', truncated' : ''})`,
      );
    }
    if (result.truncated)
      process.stderr.write(`turnwise: sql: output cut at ${maxRows} rows (--max-rows)\n`);
  });
}
