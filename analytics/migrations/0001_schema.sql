-- The first schema of a towerlog database. Documented in docs/schema.md;
-- keep the two in step.

-- Lookup tables: the small integer codes stored in the big tables, with
-- the spelling CGN and the engine use. Filled by Open from the engine's
-- own tables, so they never disagree with the code that wrote the rows.
CREATE TABLE tiles (
	id   INTEGER PRIMARY KEY,
	name TEXT NOT NULL UNIQUE
);
CREATE TABLE features (
	id   INTEGER PRIMARY KEY,
	name TEXT NOT NULL UNIQUE
);
CREATE TABLE actions (
	id   INTEGER PRIMARY KEY,
	name TEXT NOT NULL UNIQUE
);

CREATE TABLE games (
	gid     INTEGER PRIMARY KEY,
	id      TEXT NOT NULL UNIQUE,
	file    TEXT NOT NULL,
	idx     INTEGER NOT NULL,
	event   TEXT,
	site    TEXT,
	date    TEXT,
	round   TEXT,
	rules   TEXT NOT NULL,
	seats   INTEGER NOT NULL,
	result  TEXT,
	winner  TEXT,
	turns   INTEGER NOT NULL
);
CREATE INDEX games_date ON games(date);
CREATE INDEX games_event ON games(event);

CREATE TABLE players (
	game   INTEGER NOT NULL REFERENCES games(gid) ON DELETE CASCADE,
	seat   INTEGER NOT NULL,
	name   TEXT NOT NULL,
	colour TEXT,
	score  INTEGER NOT NULL,
	rank   INTEGER NOT NULL,
	PRIMARY KEY (game, seat)
) WITHOUT ROWID;
CREATE INDEX players_name ON players(name);

-- One row a turn. code and target pack the turn so that a row costs
-- four values to write; the generated columns unpack them, so queries
-- read seat, tile, x, y, rotation, action, feature, target_x, target_y
-- and height like any other column. Bits of code: 0-2 seat, 3-4 action,
-- 5-6 quarter turns, 7 tile placed, 8-14 tile, 15-17 feature of the new
-- follower, 18-25 tower height after a floor, 26-41 x+32768, 42-57 y+32768.
-- target is (target_x+32768) << 16 | (target_y+32768) for tower actions.
CREATE TABLE turns (
	game     INTEGER NOT NULL REFERENCES games(gid) ON DELETE CASCADE,
	turn     INTEGER NOT NULL,
	code     INTEGER NOT NULL,
	target   INTEGER,
	points   INTEGER NOT NULL,
	seat     INTEGER GENERATED ALWAYS AS (code & 7) VIRTUAL,
	action   INTEGER GENERATED ALWAYS AS ((code >> 3) & 3) VIRTUAL,
	tile     INTEGER GENERATED ALWAYS AS (CASE WHEN code & 128 THEN (code >> 8) & 127 END) VIRTUAL,
	rotation INTEGER GENERATED ALWAYS AS (CASE WHEN code & 128 THEN ((code >> 5) & 3) * 90 END) VIRTUAL,
	x        INTEGER GENERATED ALWAYS AS (CASE WHEN code & 128 THEN ((code >> 26) & 65535) - 32768 END) VIRTUAL,
	y        INTEGER GENERATED ALWAYS AS (CASE WHEN code & 128 THEN ((code >> 42) & 65535) - 32768 END) VIRTUAL,
	feature  INTEGER GENERATED ALWAYS AS (nullif((code >> 15) & 7, 0)) VIRTUAL,
	height   INTEGER GENERATED ALWAYS AS (nullif((code >> 18) & 255, 0)) VIRTUAL,
	target_x INTEGER GENERATED ALWAYS AS ((target >> 16) - 32768) VIRTUAL,
	target_y INTEGER GENERATED ALWAYS AS ((target & 65535) - 32768) VIRTUAL,
	PRIMARY KEY (game, turn)
) WITHOUT ROWID;

CREATE TABLE scores (
	game     INTEGER NOT NULL REFERENCES games(gid) ON DELETE CASCADE,
	seq      INTEGER NOT NULL,
	turn     INTEGER NOT NULL,
	feature  INTEGER NOT NULL,
	size     INTEGER NOT NULL,
	pennants INTEGER NOT NULL,
	points   INTEGER NOT NULL,
	scorers  INTEGER NOT NULL,
	final    INTEGER NOT NULL,
	PRIMARY KEY (game, seq)
) WITHOUT ROWID;

CREATE TABLE captures (
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
	stood_on INTEGER NOT NULL,
	own      INTEGER GENERATED ALWAYS AS (captor = victim) VIRTUAL,
	PRIMARY KEY (game, seq)
) WITHOUT ROWID;

CREATE TABLE exchanges (
	game INTEGER NOT NULL REFERENCES games(gid) ON DELETE CASCADE,
	seq  INTEGER NOT NULL,
	turn INTEGER NOT NULL,
	a    INTEGER NOT NULL,
	b    INTEGER NOT NULL,
	PRIMARY KEY (game, seq)
) WITHOUT ROWID;

CREATE TABLE ransoms (
	game   INTEGER NOT NULL REFERENCES games(gid) ON DELETE CASCADE,
	seq    INTEGER NOT NULL,
	turn   INTEGER NOT NULL,
	payer  INTEGER NOT NULL,
	payee  INTEGER NOT NULL,
	points INTEGER NOT NULL,
	PRIMARY KEY (game, seq)
) WITHOUT ROWID;

CREATE TABLE discards (
	game INTEGER NOT NULL REFERENCES games(gid) ON DELETE CASCADE,
	seq  INTEGER NOT NULL,
	turn INTEGER NOT NULL,
	seat INTEGER NOT NULL,
	tile INTEGER NOT NULL,
	PRIMARY KEY (game, seq)
) WITHOUT ROWID;

-- Games that failed validation: kept apart so that they never reach the
-- statistics above.
CREATE TABLE invalid_games (
	id      TEXT PRIMARY KEY,
	file    TEXT NOT NULL,
	idx     INTEGER NOT NULL,
	event   TEXT,
	players TEXT,
	errors  INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE diagnostics (
	game     TEXT NOT NULL REFERENCES invalid_games(id) ON DELETE CASCADE,
	seq      INTEGER NOT NULL,
	code     TEXT NOT NULL,
	severity TEXT NOT NULL,
	file     TEXT,
	line     INTEGER,
	col      INTEGER,
	turn     INTEGER,
	player   TEXT,
	message  TEXT NOT NULL,
	PRIMARY KEY (game, seq)
) WITHOUT ROWID;

-- Views for the common questions.

CREATE VIEW tower_growth AS
SELECT game, turn, seat AS builder, target_x AS tower_x, target_y AS tower_y, height
FROM turns WHERE action = 2;

CREATE VIEW final_towers AS
SELECT game, tower_x, tower_y, max(height) AS height, count(*) AS floors_built
FROM tower_growth GROUP BY game, tower_x, tower_y;

CREATE VIEW score_shares AS
SELECT s.game, s.seq, s.turn, p.seat, p.name, f.name AS feature, s.points, s.final
FROM scores s
JOIN players p ON p.game = s.game AND (s.scorers >> p.seat) & 1 = 1
JOIN features f ON f.id = s.feature;

CREATE VIEW capture_log AS
SELECT c.game, c.turn, pc.name AS captor, pv.name AS victim, c.tower_x, c.tower_y,
	c.height, c.distance, f.name AS stood_on, c.own
FROM captures c
JOIN players pc ON pc.game = c.game AND pc.seat = c.captor
JOIN players pv ON pv.game = c.game AND pv.seat = c.victim
JOIN features f ON f.id = c.stood_on;

CREATE VIEW ransom_log AS
SELECT r.game, r.turn, pp.name AS payer, pe.name AS payee, r.points
FROM ransoms r
JOIN players pp ON pp.game = r.game AND pp.seat = r.payer
JOIN players pe ON pe.game = r.game AND pe.seat = r.payee;

CREATE VIEW turn_log AS
SELECT t.game, t.turn, p.name AS player, ti.name AS tile, t.x, t.y, t.rotation,
	a.name AS action, f.name AS feature, t.target_x, t.target_y, t.height, t.points
FROM turns t
JOIN players p ON p.game = t.game AND p.seat = t.seat
LEFT JOIN tiles ti ON ti.id = t.tile
JOIN actions a ON a.id = t.action
LEFT JOIN features f ON f.id = t.feature;

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
