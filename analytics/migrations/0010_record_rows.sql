-- games.record is compressed against the game's rows: raw DEFLATE (RFC
-- 1951) with a preset dictionary, the record's main line as the rows spell
-- it (analytics/recorddict.go), where each record was compressed on its
-- own. A record of 3.5 KB takes about 210 bytes, where it took 1,300. The
-- Go step of this migration (recordRows in analytics/recorddict.go)
-- compresses every stored record again; the file is vacuumed after the
-- migration to give the space back. Documented in docs/schema.md; keep
-- the two in step.
SELECT 1;
