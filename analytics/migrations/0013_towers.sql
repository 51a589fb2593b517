-- Each tower that got a floor, at its height at the end of the game, as
-- a table, written when a game is stored (fillTowers in
-- analytics/towers.go), so that the towers by height (the report's
-- "towers by final height") read one row a tower instead of every turn.
-- This migration fills it for the games already stored from their turns,
-- as the ingest computes it for a new game. Removing a game removes its
-- towers through the foreign key. Documented in docs/schema.md; keep the
-- two in step.
CREATE TABLE towers (
	game   INTEGER NOT NULL REFERENCES games(gid) ON DELETE CASCADE,
	x      INTEGER NOT NULL,
	y      INTEGER NOT NULL,
	height INTEGER NOT NULL,
	PRIMARY KEY (game, x, y)
) WITHOUT ROWID;

INSERT INTO towers (game, x, y, height)
SELECT game, target_x, target_y, max(height) FROM turns
WHERE action = 'floor' GROUP BY game, target_x, target_y;
