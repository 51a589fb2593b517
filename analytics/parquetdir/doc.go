// Package parquetdir writes the tables of the analytics store as a
// directory of Parquet files, for engines that read Parquet (DuckDB,
// Spark, Trino, BigQuery) and for archives too large for one SQLite
// writer.
//
// The directory holds one folder per table, named as the table, and each
// folder one file per shard:
//
//	DIR/games/SHARD.parquet
//	DIR/players/SHARD.parquet
//	DIR/turns/SHARD.parquet
//	...
//
// A shard is what one run writes: the games of some records
// (WriteRecords) or of a database (WriteDatabase). Processes and machines
// that each write a shard of their own, under different shard ids, never
// touch each other's files, so an archive split into parts is written in
// parallel without a single writer. A shard's files are written under
// hidden temporary names and renamed into place only once every table is
// complete; writing a shard again replaces it, and a run that fails or is
// interrupted leaves the shard as it was.
//
// The tables and columns are those of the SQLite store, in the same
// order, taken from its row types (analytics.GameRow and the others): a
// column added there appears here. One difference: a game's key (gid,
// and the game column of the tables that refer to it) is not a number
// given in the order of ingest, which shards written apart could not
// agree on, but Key(id), derived from the game's identity.
package parquetdir
