// Runs SQL queries in DuckDB over a directory of towerlog's Parquet
// tables (towerlog ingest --format parquet) and prints their results as
// JSON, for the tests that compare them with the SQLite store.
//
//   echo '{"dir": "tables", "queries": {"leaderboard": "SELECT ..."}}' | node query.mjs
//
// Every folder of the directory becomes a view of the same name, as
// docs/scale.md sets them up:
//   CREATE VIEW games AS SELECT * FROM read_parquet('tables/games/**/*.parquet');
// The output maps each query's name to {columns, rows}, every value a
// string (or null), so that 64-bit integers pass through JSON intact.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

const input = JSON.parse(readFileSync(0, 'utf8'));
const quote = (s) => "'" + s.replaceAll("'", "''") + "'";
const instance = await DuckDBInstance.create(':memory:');
const db = await instance.connect();
for (const entry of readdirSync(input.dir, { withFileTypes: true })) {
  if (!entry.isDirectory()) continue;
  if (!/^[a-z_]+$/.test(entry.name)) throw new Error(`unexpected folder ${entry.name}`);
  await db.run(`CREATE VIEW ${entry.name} AS SELECT * FROM read_parquet(${quote(join(input.dir, entry.name, '**', '*.parquet'))})`);
}
const out = {};
for (const [name, sql] of Object.entries(input.queries)) {
  const reader = await db.runAndReadAll(sql);
  out[name] = {
    columns: reader.columnNames(),
    rows: reader.getRows().map((row) => row.map((v) => (v === null ? null : String(v)))),
  };
}
process.stdout.write(JSON.stringify(out) + '\n');
