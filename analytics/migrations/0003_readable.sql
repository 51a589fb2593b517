-- Tables a person can read: turns, scores, captures and discards hold the
-- values of the notation in plain columns (tile ids as CGN writes them,
-- rotations in degrees, features and actions as words) instead of packed
-- integers and codes of lookup tables; scores get one row per player who
-- scored instead of a bit set. The rows stored so far are converted in
-- place. Documented in docs/schema.md, and the columns are those of the
-- row types of analytics/rowtypes.go; keep the three in step.

DROP VIEW leaderboard;
DROP VIEW turn_log;
DROP VIEW ransom_log;
DROP VIEW capture_log;
DROP VIEW score_shares;
DROP VIEW final_towers;
DROP VIEW tower_growth;
DROP VIEW turns;

CREATE TABLE turns (
	game     INTEGER NOT NULL REFERENCES games(gid) ON DELETE CASCADE,
	turn     INTEGER NOT NULL,
	seat     INTEGER NOT NULL,
	tile     TEXT,
	x        INTEGER,
	y        INTEGER,
	rotation INTEGER,
	action   TEXT NOT NULL,
	feature  TEXT,
	target_x INTEGER,
	target_y INTEGER,
	height   INTEGER,
	points   INTEGER NOT NULL,
	PRIMARY KEY (game, turn)
) WITHOUT ROWID;

-- The packed turn's bits: 0-2 seat, 3-4 action, 5-6 quarter turns, 7 tile
-- placed, 8-14 tile (an id of the tiles table), 15-17 feature, 18-25
-- height, 26-41 x+32768, 42-57 y+32768; target packs the tower's square
-- as (target_x+32768) << 16 | (target_y+32768).
INSERT INTO turns (game, turn, seat, tile, x, y, rotation, action, feature, target_x, target_y, height, points)
SELECT p.game, p.turn, p.code & 7,
	CASE WHEN p.code & 128 THEN (SELECT name FROM tiles WHERE id = (p.code >> 8) & 127) END,
	CASE WHEN p.code & 128 THEN ((p.code >> 26) & 65535) - 32768 END,
	CASE WHEN p.code & 128 THEN ((p.code >> 42) & 65535) - 32768 END,
	CASE WHEN p.code & 128 THEN ((p.code >> 5) & 3) * 90 END,
	CASE (p.code >> 3) & 3 WHEN 0 THEN 'none' WHEN 1 THEN 'follower' WHEN 2 THEN 'floor' ELSE 'tower-follower' END,
	CASE (p.code >> 15) & 7 WHEN 1 THEN 'road' WHEN 2 THEN 'city' WHEN 3 THEN 'field' WHEN 4 THEN 'cloister' END,
	(p.target >> 16) - 32768,
	(p.target & 65535) - 32768,
	nullif((p.code >> 18) & 255, 0),
	p.points
FROM turns_packed p ORDER BY p.game, p.turn;
DROP TABLE turns_packed;

CREATE TABLE scores_new (
	game     INTEGER NOT NULL REFERENCES games(gid) ON DELETE CASCADE,
	seq      INTEGER NOT NULL,
	seat     INTEGER NOT NULL,
	turn     INTEGER NOT NULL,
	feature  TEXT NOT NULL,
	size     INTEGER NOT NULL,
	pennants INTEGER NOT NULL,
	points   INTEGER NOT NULL,
	final    INTEGER NOT NULL,
	PRIMARY KEY (game, seq, seat)
) WITHOUT ROWID;
INSERT INTO scores_new (game, seq, seat, turn, feature, size, pennants, points, final)
SELECT s.game, s.seq, p.seat, s.turn,
	CASE s.feature WHEN 1 THEN 'road' WHEN 2 THEN 'city' WHEN 3 THEN 'field' WHEN 4 THEN 'cloister' END,
	s.size, s.pennants, s.points, s.final
FROM scores s JOIN players p ON p.game = s.game AND (s.scorers >> p.seat) & 1 = 1
ORDER BY s.game, s.seq, p.seat;
DROP TABLE scores;
ALTER TABLE scores_new RENAME TO scores;

CREATE TABLE captures_new (
	game     INTEGER NOT NULL REFERENCES games(gid) ON DELETE CASCADE,
	seq      INTEGER NOT NULL,
	turn     INTEGER NOT NULL,
	captor   INTEGER NOT NULL,
	victim   INTEGER NOT NULL,
	tower_x  INTEGER NOT NULL,
	tower_y  INTEGER NOT NULL,
	height   INTEGER NOT NULL,
	distance INTEGER NOT NULL,
	victim_x INTEGER NOT NULL,
	victim_y INTEGER NOT NULL,
	stood_on TEXT NOT NULL,
	PRIMARY KEY (game, seq)
) WITHOUT ROWID;
INSERT INTO captures_new (game, seq, turn, captor, victim, tower_x, tower_y, height, distance, victim_x, victim_y, stood_on)
SELECT game, seq, turn, captor, victim, tower_x, tower_y, height, distance, victim_x, victim_y,
	CASE stood_on WHEN 1 THEN 'road' WHEN 2 THEN 'city' WHEN 3 THEN 'field' WHEN 4 THEN 'cloister' WHEN 5 THEN 'tower' END
FROM captures ORDER BY game, seq;
DROP TABLE captures;
ALTER TABLE captures_new RENAME TO captures;

CREATE TABLE discards_new (
	game INTEGER NOT NULL REFERENCES games(gid) ON DELETE CASCADE,
	seq  INTEGER NOT NULL,
	turn INTEGER NOT NULL,
	seat INTEGER NOT NULL,
	tile TEXT NOT NULL,
	PRIMARY KEY (game, seq)
) WITHOUT ROWID;
INSERT INTO discards_new (game, seq, turn, seat, tile)
SELECT d.game, d.seq, d.turn, d.seat, (SELECT name FROM tiles WHERE id = d.tile)
FROM discards d ORDER BY d.game, d.seq;
DROP TABLE discards;
ALTER TABLE discards_new RENAME TO discards;

DROP TABLE tiles;
DROP TABLE features;
DROP TABLE actions;

-- Views for the common questions, with players' names.

CREATE VIEW tower_growth AS
SELECT game, turn, seat AS builder, target_x AS tower_x, target_y AS tower_y, height
FROM turns WHERE action = 'floor';

CREATE VIEW final_towers AS
SELECT game, tower_x, tower_y, max(height) AS height, count(*) AS floors_built
FROM tower_growth GROUP BY game, tower_x, tower_y;

CREATE VIEW score_shares AS
SELECT s.game, s.seq, s.turn, s.seat, p.name, s.feature, s.points, s.final
FROM scores s JOIN players p ON p.game = s.game AND p.seat = s.seat;

CREATE VIEW capture_log AS
SELECT c.game, c.turn, pc.name AS captor, pv.name AS victim, c.tower_x, c.tower_y,
	c.height, c.distance, c.stood_on, c.captor = c.victim AS own
FROM captures c
JOIN players pc ON pc.game = c.game AND pc.seat = c.captor
JOIN players pv ON pv.game = c.game AND pv.seat = c.victim;

CREATE VIEW ransom_log AS
SELECT r.game, r.turn, pp.name AS payer, pe.name AS payee, r.points
FROM ransoms r
JOIN players pp ON pp.game = r.game AND pp.seat = r.payer
JOIN players pe ON pe.game = r.game AND pe.seat = r.payee;

CREATE VIEW turn_log AS
SELECT t.game, t.turn, p.name AS player, t.tile, t.x, t.y, t.rotation,
	t.action, t.feature, t.target_x, t.target_y, t.height, t.points
FROM turns t
JOIN players p ON p.game = t.game AND p.seat = t.seat;

CREATE VIEW leaderboard AS
WITH
	made AS (SELECT captor AS seat, game, count(*) AS n FROM captures WHERE captor <> victim GROUP BY game, captor),
	suffered AS (SELECT victim AS seat, game, count(*) AS n FROM captures WHERE captor <> victim GROUP BY game, victim),
	paid AS (SELECT payer AS seat, game, sum(points) AS n FROM ransoms GROUP BY game, payer),
	received AS (SELECT payee AS seat, game, sum(points) AS n FROM ransoms GROUP BY game, payee)
SELECT p.name,
	count(*) AS games,
	sum(p.rank = 1) AS wins,
	avg(p.score) AS average_score,
	coalesce(sum(made.n), 0) AS captures_made,
	coalesce(sum(suffered.n), 0) AS captures_suffered,
	coalesce(sum(received.n), 0) - coalesce(sum(paid.n), 0) AS ransom_balance
FROM players p
LEFT JOIN made ON made.game = p.game AND made.seat = p.seat
LEFT JOIN suffered ON suffered.game = p.game AND suffered.seat = p.seat
LEFT JOIN paid ON paid.game = p.game AND paid.seat = p.seat
LEFT JOIN received ON received.game = p.game AND received.seat = p.seat
GROUP BY p.name;
