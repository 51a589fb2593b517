-- turns becomes a view over turns_packed. Its unpacked columns were
-- VIRTUAL generated columns, which SQLite computes on every INSERT (for
-- constraints that could use them) although nothing stores them: about a
-- third of the cost of writing the table that holds most rows. A view
-- unpacks them only when read, and reads exactly as before, so the views
-- over turns (tower_growth, turn_log) stand unchanged. Documented in
-- docs/schema.md; keep the two in step.

-- One row a turn, packed: bits of code 0-2 seat, 3-4 action, 5-6 quarter
-- turns, 7 tile placed, 8-14 tile, 15-17 feature of the new follower,
-- 18-25 tower height after a floor, 26-41 x+32768, 42-57 y+32768; target
-- is (target_x+32768) << 16 | (target_y+32768) for tower actions.
CREATE TABLE turns_packed (
	game   INTEGER NOT NULL REFERENCES games(gid) ON DELETE CASCADE,
	turn   INTEGER NOT NULL,
	code   INTEGER NOT NULL,
	target INTEGER,
	points INTEGER NOT NULL,
	PRIMARY KEY (game, turn)
) WITHOUT ROWID;
INSERT INTO turns_packed (game, turn, code, target, points)
SELECT game, turn, code, target, points FROM turns ORDER BY game, turn;
DROP TABLE turns;

CREATE VIEW turns AS
SELECT game, turn, code, target, points,
	code & 7 AS seat,
	(code >> 3) & 3 AS action,
	CASE WHEN code & 128 THEN (code >> 8) & 127 END AS tile,
	CASE WHEN code & 128 THEN ((code >> 5) & 3) * 90 END AS rotation,
	CASE WHEN code & 128 THEN ((code >> 26) & 65535) - 32768 END AS x,
	CASE WHEN code & 128 THEN ((code >> 42) & 65535) - 32768 END AS y,
	nullif((code >> 15) & 7, 0) AS feature,
	nullif((code >> 18) & 255, 0) AS height,
	(target >> 16) - 32768 AS target_x,
	(target & 65535) - 32768 AS target_y
FROM turns_packed;
