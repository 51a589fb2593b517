-- Each player's figures summed over every stored game, so that stats and
-- the archive report without a filter read a row a player instead of
-- aggregating every seat (4 million rows at a million games, which
-- SQLite sorts by name to group them). The sums are those of stats:
-- seats (games played, finished or not), finished (games with a place),
-- wins, and margin, score and the points by feature over the finished
-- games; the captures, ransoms, floors and the phantom's figures over
-- every game; phantom_games the games played with the Phantom. They are
-- kept with the stored ladder (0012): rating_state says whether both are
-- those of the games stored, and Store.refreshRatings brings both up to
-- date at the end of an ingest or a removal (adding the seats of the
-- games added when only games were added, summing every seat again
-- otherwise). Readers read them only when rating_state.stale is 0.
-- Documented in docs/schema.md; keep the two in step.
CREATE TABLE player_totals (
	name              TEXT PRIMARY KEY,
	seats             INTEGER NOT NULL,
	finished          INTEGER NOT NULL,
	wins              INTEGER NOT NULL,
	margin            INTEGER NOT NULL,
	score             INTEGER NOT NULL,
	city_points       INTEGER NOT NULL,
	road_points       INTEGER NOT NULL,
	cloister_points   INTEGER NOT NULL,
	field_points      INTEGER NOT NULL,
	captures_made     INTEGER NOT NULL,
	captures_suffered INTEGER NOT NULL,
	own_taken_back    INTEGER NOT NULL,
	ransoms_paid      INTEGER NOT NULL,
	ransoms_received  INTEGER NOT NULL,
	floors_built      INTEGER NOT NULL,
	phantom_city      INTEGER NOT NULL,
	phantom_road      INTEGER NOT NULL,
	phantom_cloister  INTEGER NOT NULL,
	phantom_field     INTEGER NOT NULL,
	phantom_tower     INTEGER NOT NULL,
	phantom_second    INTEGER NOT NULL,
	phantom_points    INTEGER NOT NULL,
	phantom_lost      INTEGER NOT NULL,
	phantom_taken     INTEGER NOT NULL,
	phantom_ransomed  INTEGER NOT NULL,
	phantom_exchanged INTEGER NOT NULL,
	phantom_games     INTEGER NOT NULL
) WITHOUT ROWID;

-- The totals are filled by the next refresh, which sums every seat.
UPDATE rating_state SET stale = 2 WHERE EXISTS (SELECT 1 FROM games);
