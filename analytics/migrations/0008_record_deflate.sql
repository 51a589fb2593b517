-- games.record holds the record compressed: raw DEFLATE (RFC 1951), a
-- third of the text's bytes, where it was a second, uncompressed copy of
-- every record and 43 % of the file. The Go step of this migration (recordDeflate in
-- analytics/recordz.go) compresses the records stored so far into the new
-- column, then replaces the old column with it; the file is vacuumed
-- after the migration to give the space back. Documented in
-- docs/schema.md; keep the two in step.
ALTER TABLE games ADD COLUMN record_deflate BLOB;
