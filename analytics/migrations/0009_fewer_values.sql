-- Fewer values a row, for a database the size of its games' text: which
-- figure a placement, capture, exchange or ransom concerns becomes a flag,
-- phantom (1 for the phantom, 0 for a follower) as scores.phantom already
-- is, where it was the word 'follower' or 'phantom' (SQLite stores 0 and
-- 1 in no byte, a word in up to eight); a turn that placed nothing after
-- its tile has action NULL, not 'none'; and turns.points, which the
-- scores and ransoms of the turn give, is left to the view turn_log. The
-- views show what they showed. Each table is written anew, its rows in
-- the order of its key. Documented in docs/schema.md, and the columns are
-- those of the row types of analytics/rowtypes.go; keep the three in step.

DROP VIEW turn_log;
DROP VIEW capture_log;
DROP VIEW ransom_log;
DROP VIEW placements;
DROP VIEW final_towers;
DROP VIEW tower_growth;
DROP VIEW leaderboard;

CREATE TABLE turns_new (
	game     INTEGER NOT NULL REFERENCES games(gid) ON DELETE CASCADE,
	turn     INTEGER NOT NULL,
	seat     INTEGER NOT NULL,
	tile     TEXT,
	x        INTEGER,
	y        INTEGER,
	rotation INTEGER,
	action   TEXT,
	feature  TEXT,
	target_x INTEGER,
	target_y INTEGER,
	height   INTEGER,
	phantom  INTEGER NOT NULL,
	PRIMARY KEY (game, turn)
) WITHOUT ROWID;
INSERT INTO turns_new (game, turn, seat, tile, x, y, rotation, action, feature, target_x, target_y, height, phantom)
SELECT game, turn, seat, tile, x, y, rotation, nullif(action, 'none'), feature, target_x, target_y, height,
	figure IS 'phantom'
FROM turns ORDER BY game, turn;
DROP TABLE turns;
ALTER TABLE turns_new RENAME TO turns;

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
	phantom  INTEGER NOT NULL,
	PRIMARY KEY (game, seq)
) WITHOUT ROWID;
INSERT INTO captures_new (game, seq, turn, captor, victim, tower_x, tower_y, height, distance, victim_x, victim_y, stood_on, phantom)
SELECT game, seq, turn, captor, victim, tower_x, tower_y, height, distance, victim_x, victim_y, stood_on,
	figure = 'phantom'
FROM captures ORDER BY game, seq;
DROP TABLE captures;
ALTER TABLE captures_new RENAME TO captures;

CREATE TABLE exchanges_new (
	game      INTEGER NOT NULL REFERENCES games(gid) ON DELETE CASCADE,
	seq       INTEGER NOT NULL,
	turn      INTEGER NOT NULL,
	a         INTEGER NOT NULL,
	b         INTEGER NOT NULL,
	a_phantom INTEGER NOT NULL,
	b_phantom INTEGER NOT NULL,
	PRIMARY KEY (game, seq)
) WITHOUT ROWID;
INSERT INTO exchanges_new (game, seq, turn, a, b, a_phantom, b_phantom)
SELECT game, seq, turn, a, b, a_figure = 'phantom', b_figure = 'phantom'
FROM exchanges ORDER BY game, seq;
DROP TABLE exchanges;
ALTER TABLE exchanges_new RENAME TO exchanges;

CREATE TABLE ransoms_new (
	game    INTEGER NOT NULL REFERENCES games(gid) ON DELETE CASCADE,
	seq     INTEGER NOT NULL,
	turn    INTEGER NOT NULL,
	payer   INTEGER NOT NULL,
	payee   INTEGER NOT NULL,
	points  INTEGER NOT NULL,
	phantom INTEGER NOT NULL,
	PRIMARY KEY (game, seq)
) WITHOUT ROWID;
INSERT INTO ransoms_new (game, seq, turn, payer, payee, points, phantom)
SELECT game, seq, turn, payer, payee, points, figure = 'phantom'
FROM ransoms ORDER BY game, seq;
DROP TABLE ransoms;
ALTER TABLE ransoms_new RENAME TO ransoms;

-- The views, as before: figures as words, and a turn's points (the
-- acting player's score change: the scorings of the turn and the ransoms
-- paid or received in it) in turn_log.
CREATE VIEW tower_growth AS
SELECT game, turn, seat AS builder, target_x AS tower_x, target_y AS tower_y, height
FROM turns WHERE action = 'floor';

CREATE VIEW final_towers AS
SELECT game, tower_x, tower_y, max(height) AS height, count(*) AS floors_built
FROM tower_growth GROUP BY game, tower_x, tower_y;

CREATE VIEW turn_log AS
SELECT t.game, t.turn, p.name AS player, t.tile, t.x, t.y, t.rotation,
	coalesce(t.action, 'none') AS action, t.feature, t.target_x, t.target_y, t.height,
	(SELECT coalesce(sum(s.points), 0) FROM scores s
		WHERE s.game = t.game AND s.turn = t.turn AND s.seat = t.seat)
	+ (SELECT coalesce(sum(CASE WHEN r.payee = t.seat THEN r.points ELSE -r.points END), 0) FROM ransoms r
		WHERE r.game = t.game AND r.turn = t.turn AND t.seat IN (r.payer, r.payee)) AS points,
	CASE WHEN t.action IN ('follower', 'tower-follower')
		THEN CASE t.phantom WHEN 1 THEN 'phantom' ELSE 'follower' END END AS figure
FROM turns t
JOIN players p ON p.game = t.game AND p.seat = t.seat;

CREATE VIEW capture_log AS
SELECT c.game, c.turn, pc.name AS captor, pv.name AS victim, c.tower_x, c.tower_y,
	c.height, c.distance, c.stood_on, c.captor = c.victim AS own,
	CASE c.phantom WHEN 1 THEN 'phantom' ELSE 'follower' END AS figure
FROM captures c
JOIN players pc ON pc.game = c.game AND pc.seat = c.captor
JOIN players pv ON pv.game = c.game AND pv.seat = c.victim;

CREATE VIEW ransom_log AS
SELECT r.game, r.turn, pp.name AS payer, pe.name AS payee, r.points,
	CASE r.phantom WHEN 1 THEN 'phantom' ELSE 'follower' END AS figure
FROM ransoms r
JOIN players pp ON pp.game = r.game AND pp.seat = r.payer
JOIN players pe ON pe.game = r.game AND pe.seat = r.payee;

CREATE VIEW placements AS
SELECT game, turn, seat, 1 AS nth, CASE phantom WHEN 1 THEN 'phantom' ELSE 'follower' END AS figure,
	feature, x, y
FROM turns WHERE action = 'follower'
UNION ALL
SELECT game, turn, seat, 1, CASE phantom WHEN 1 THEN 'phantom' ELSE 'follower' END, 'tower', target_x, target_y
FROM turns WHERE action = 'tower-follower'
UNION ALL
SELECT s.game, s.turn, t.seat, 2, 'phantom', s.feature, s.x, s.y
FROM second_figures s JOIN turns t ON t.game = s.game AND t.turn = s.turn;

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
