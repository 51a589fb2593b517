-- The luck of analysed games (records that carry the comments of
-- towerlog luck -o): each seat's luck, the sum of its turns', and its
-- luck-adjusted margin, in tenths of a point, NULL for a game not
-- analysed, written when a game is stored (fillLuck in analytics/luck.go)
-- and when a stored game's record is reannotated; and, in player_totals
-- (0014), each player's analysed finished games and the sums of their
-- luck and luck-adjusted margins. The Go step of this migration reads
-- the luck of the records already stored; a change of a seat's luck
-- makes the totals stale, as a change of its place does. Documented in
-- docs/schema.md; keep the two in step.
ALTER TABLE players ADD COLUMN luck_tenths INTEGER;
ALTER TABLE players ADD COLUMN adjusted_margin_tenths INTEGER;
ALTER TABLE player_totals ADD COLUMN luck_games INTEGER NOT NULL DEFAULT 0;
ALTER TABLE player_totals ADD COLUMN luck_tenths INTEGER NOT NULL DEFAULT 0;
ALTER TABLE player_totals ADD COLUMN adjusted_margin_tenths INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER ratings_luck_changed AFTER UPDATE OF luck_tenths, adjusted_margin_tenths ON players
WHEN NEW.game <= (SELECT last_gid FROM rating_state)
	AND (OLD.luck_tenths IS NOT NEW.luck_tenths OR OLD.adjusted_margin_tenths IS NOT NEW.adjusted_margin_tenths) BEGIN
	UPDATE rating_state SET stale = 2;
END;
