// A floor for any importer of this data model: DuckDB writing the rows a Turnwise import wrote
// into a new database file with the same tables, from memory, with no parsing, modelling or
// scanning at all. Untimed: reading the workspace's rows into memory and creating the tables.
// Timed: inserting every row (primary keys included), the commit (DuckDB's checkpoint) and closing.
import { rmSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { argument, measure } from './measure';

const workspace = argument(0, 'workspace written by a Turnwise import');
const db = argument(1, 'database file to write');
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

for (const file of [db, `${db}.wal`]) rmSync(file, { force: true });
const instance = await DuckDBInstance.create(':memory:');
const connection = await instance.connect();
await connection.run(`ATTACH ${quoted(workspace)} AS source (READ_ONLY)`);
const tables = (
  await connection.runAndReadAll(
    `SELECT table_name, sql FROM duckdb_tables()
     WHERE database_name = 'source' AND schema_name = 'main' AND estimated_size > 0`,
  )
).getRows() as [string, string][];
await connection.run(`ATTACH ${quoted(db)} AS target`);
for (const [name, sql] of tables) {
  await connection.run(`CREATE TABLE memory.main."${name}" AS SELECT * FROM source.main."${name}"`);
  await connection.run('USE target');
  await connection.run(sql);
  await connection.run('USE memory');
}
await connection.run('DETACH source');

await measure(async () => {
  await connection.run('BEGIN');
  for (const [name] of tables) {
    await connection.run(`INSERT INTO target.main."${name}" SELECT * FROM memory.main."${name}"`);
  }
  await connection.run('COMMIT');
  const counted = await connection.runAndReadAll(
    `SELECT (SELECT count(*) FROM target.tw_trajectories)::INTEGER,
            (SELECT count(*) FROM target.tw_turns)::INTEGER`,
  );
  const [records, turns] = counted.getRows()[0] as [number, number];
  await connection.run('DETACH target');
  return { records, turns };
});
connection.closeSync();
instance.closeSync();
