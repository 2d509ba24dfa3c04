// turnwise formats | stats: read-only commands.
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import { formatTable, printJson } from './output';
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
