-- The Glicko-2 ladder of every finished game (no filter), stored so that
-- stats --rating and the report's leaderboard read 10,000 rows instead
-- of rating the archive. ratings holds each player's state: the rating
-- after the last period they played in (last, from 1) and the finished
-- games rated; rating_state the periods rated, the date and round of the
-- last one, the largest gid rated over and stale: 0 the snapshot is that
-- of the games stored; 1 games were added since (every one of gid above
-- last_gid); 2 games changed otherwise. The triggers below mark it in
-- the transaction that changes the games, so that no writer can forget
-- it; an ingest or a removal rates again at its end (Store.RefreshRatings
-- in analytics/ladder.go), continuing from the stored state when stale
-- is 1 and every game added sorts after the last period. Readers read
-- the snapshot only when stale is 0. A later migration that rebuilds
-- games or players must create these triggers again. Documented in
-- docs/schema.md; keep the two in step.
CREATE TABLE ratings (
	name       TEXT PRIMARY KEY,
	rating     REAL NOT NULL,
	deviation  REAL NOT NULL,
	volatility REAL NOT NULL,
	last       INTEGER NOT NULL,
	games      INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE rating_state (
	one      INTEGER PRIMARY KEY CHECK (one = 1),
	periods  INTEGER NOT NULL,
	date     TEXT NOT NULL,
	round    TEXT NOT NULL,
	last_gid INTEGER NOT NULL,
	stale    INTEGER NOT NULL
);
INSERT INTO rating_state VALUES (1, 0, '', '', 0, CASE WHEN EXISTS (SELECT 1 FROM games) THEN 2 ELSE 0 END);

-- A game stored: an addition when its key is above those rated.
CREATE TRIGGER ratings_game_added AFTER INSERT ON games BEGIN
	UPDATE rating_state SET stale = max(stale, CASE WHEN NEW.gid > last_gid THEN 1 ELSE 2 END);
END;
CREATE TRIGGER ratings_game_removed AFTER DELETE ON games BEGIN
	UPDATE rating_state SET stale = 2;
END;
-- What orders the games into periods (date, round, id) and which count.
CREATE TRIGGER ratings_game_changed AFTER UPDATE OF gid, id, date, round, finished ON games
WHEN OLD.gid IS NOT NEW.gid OR OLD.id IS NOT NEW.id OR OLD.date IS NOT NEW.date
	OR OLD.round IS NOT NEW.round OR OLD.finished IS NOT NEW.finished BEGIN
	UPDATE rating_state SET stale = 2;
END;
-- A game's players come with it; a player added to a game rated over,
-- removed, renamed or placed otherwise changes the ratings.
CREATE TRIGGER ratings_player_added AFTER INSERT ON players
WHEN NEW.game <= (SELECT last_gid FROM rating_state) BEGIN
	UPDATE rating_state SET stale = 2;
END;
CREATE TRIGGER ratings_player_removed AFTER DELETE ON players BEGIN
	UPDATE rating_state SET stale = 2;
END;
CREATE TRIGGER ratings_player_changed AFTER UPDATE OF game, name, rank ON players
WHEN OLD.game IS NOT NEW.game OR OLD.name IS NOT NEW.name OR OLD.rank IS NOT NEW.rank BEGIN
	UPDATE rating_state SET stale = 2;
END;
