-- Which figure each placement, capture, exchange and ransom concerns, for
-- games with the Phantom: 'follower' or 'phantom'. A turn's second figure
-- (only the phantom can be one) is a row of the new table second_figures,
-- so that turns grow by one column only, and a scoring says whether the
-- player's phantom stood on the feature. Every row stored so far is of a
-- follower. The view placements lists every figure placed, first and
-- second, one row each. Documented in docs/schema.md, and the columns are
-- those of the row types of analytics/rowtypes.go; keep the three in step.

ALTER TABLE turns ADD COLUMN figure TEXT;
UPDATE turns SET figure = 'follower' WHERE action IN ('follower', 'tower-follower');

CREATE TABLE second_figures (
	game    INTEGER NOT NULL REFERENCES games(gid) ON DELETE CASCADE,
	turn    INTEGER NOT NULL,
	feature TEXT NOT NULL,
	x       INTEGER NOT NULL,
	y       INTEGER NOT NULL,
	PRIMARY KEY (game, turn)
) WITHOUT ROWID;

ALTER TABLE scores ADD COLUMN phantom INTEGER NOT NULL DEFAULT 0;
ALTER TABLE captures ADD COLUMN figure TEXT NOT NULL DEFAULT 'follower';
ALTER TABLE exchanges ADD COLUMN a_figure TEXT NOT NULL DEFAULT 'follower';
ALTER TABLE exchanges ADD COLUMN b_figure TEXT NOT NULL DEFAULT 'follower';
ALTER TABLE ransoms ADD COLUMN figure TEXT NOT NULL DEFAULT 'follower';

-- The logs with names show the figure too.
DROP VIEW turn_log;
CREATE VIEW turn_log AS
SELECT t.game, t.turn, p.name AS player, t.tile, t.x, t.y, t.rotation,
	t.action, t.feature, t.target_x, t.target_y, t.height, t.points, t.figure
FROM turns t
JOIN players p ON p.game = t.game AND p.seat = t.seat;

DROP VIEW capture_log;
CREATE VIEW capture_log AS
SELECT c.game, c.turn, pc.name AS captor, pv.name AS victim, c.tower_x, c.tower_y,
	c.height, c.distance, c.stood_on, c.captor = c.victim AS own, c.figure
FROM captures c
JOIN players pc ON pc.game = c.game AND pc.seat = c.captor
JOIN players pv ON pv.game = c.game AND pv.seat = c.victim;

DROP VIEW ransom_log;
CREATE VIEW ransom_log AS
SELECT r.game, r.turn, pp.name AS payer, pe.name AS payee, r.points, r.figure
FROM ransoms r
JOIN players pp ON pp.game = r.game AND pp.seat = r.payer
JOIN players pe ON pe.game = r.game AND pe.seat = r.payee;

-- Every figure placed: the first action's (a follower on the new tile or
-- a guard on a tower), then the turn's second figure; feature is 'tower'
-- for a figure put on a tower, and x, y the square it went to.
CREATE VIEW placements AS
SELECT game, turn, seat, 1 AS nth, figure, feature, x, y
FROM turns WHERE action = 'follower'
UNION ALL
SELECT game, turn, seat, 1, figure, 'tower', target_x, target_y
FROM turns WHERE action = 'tower-follower'
UNION ALL
SELECT s.game, s.turn, t.seat, 2, 'phantom', s.feature, s.x, s.y
FROM second_figures s JOIN turns t ON t.game = s.game AND t.turn = s.turn;
