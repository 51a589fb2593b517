-- Each seat's figures, which stats, the leaderboard, standings and the
-- report sum over many games, become columns of players, computed once
-- when a game is stored (fillFigures in analytics/rows.go), so that a sum
-- over games reads one row a seat instead of every event row. This
-- migration fills them for the games already stored from their rows of
-- the other tables, as the ingest computes them, through the view
-- seat_figures. Documented in
-- docs/schema.md; keep the two in step.
ALTER TABLE players ADD COLUMN margin INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN city_points INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN road_points INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN cloister_points INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN field_points INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN captures_made INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN captures_suffered INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN own_taken_back INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN ransoms_paid INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN ransoms_received INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN floors_built INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN phantom_city INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN phantom_road INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN phantom_cloister INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN phantom_field INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN phantom_tower INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN phantom_second INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN phantom_points INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN phantom_lost INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN phantom_taken INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN phantom_ransomed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN phantom_exchanged INTEGER NOT NULL DEFAULT 0;

-- seat_figures computes the figures of every seat from the game's rows,
-- as the ingest does: this migration fills the columns from it, and
-- towerlog check compares the columns with it.
CREATE VIEW seat_figures AS
SELECT p.game, p.seat,
	coalesce(p.score - (SELECT max(o.score) FROM players o WHERE o.game = p.game AND o.seat <> p.seat), 0) AS margin,
	coalesce(s.city, 0) AS city_points, coalesce(s.road, 0) AS road_points,
	coalesce(s.cloister, 0) AS cloister_points, coalesce(s.field, 0) AS field_points,
	coalesce(cm.n, 0) AS captures_made, coalesce(cs.n, 0) AS captures_suffered, coalesce(co.n, 0) AS own_taken_back,
	coalesce(rp.points, 0) AS ransoms_paid, coalesce(rr.points, 0) AS ransoms_received,
	coalesce(t.floors, 0) AS floors_built,
	coalesce(t.city, 0) + coalesce(f.city, 0) AS phantom_city,
	coalesce(t.road, 0) + coalesce(f.road, 0) AS phantom_road,
	coalesce(t.cloister, 0) + coalesce(f.cloister, 0) AS phantom_cloister,
	coalesce(t.field, 0) + coalesce(f.field, 0) AS phantom_field,
	coalesce(t.tower, 0) + coalesce(f.tower, 0) AS phantom_tower,
	coalesce(f.n, 0) AS phantom_second,
	coalesce(s.phantom, 0) AS phantom_points,
	coalesce(cs.phantom, 0) AS phantom_lost, coalesce(cm.phantom, 0) AS phantom_taken,
	coalesce(rp.phantom, 0) AS phantom_ransomed, coalesce(x.n, 0) AS phantom_exchanged
FROM players p
LEFT JOIN (SELECT game, seat,
		sum(CASE feature WHEN 'city' THEN points ELSE 0 END) AS city,
		sum(CASE feature WHEN 'road' THEN points ELSE 0 END) AS road,
		sum(CASE feature WHEN 'cloister' THEN points ELSE 0 END) AS cloister,
		sum(CASE feature WHEN 'field' THEN points ELSE 0 END) AS field,
		sum(CASE phantom WHEN 1 THEN points ELSE 0 END) AS phantom
	FROM scores GROUP BY game, seat) s ON s.game = p.game AND s.seat = p.seat
LEFT JOIN (SELECT game, seat,
		sum(action = 'floor') AS floors,
		sum(action = 'follower' AND phantom = 1 AND feature = 'city') AS city,
		sum(action = 'follower' AND phantom = 1 AND feature = 'road') AS road,
		sum(action = 'follower' AND phantom = 1 AND feature = 'cloister') AS cloister,
		sum(action = 'follower' AND phantom = 1 AND feature = 'field') AS field,
		sum(action = 'tower-follower' AND phantom = 1) AS tower
	FROM turns WHERE action IS NOT NULL GROUP BY game, seat) t ON t.game = p.game AND t.seat = p.seat
LEFT JOIN (SELECT sf.game, tu.seat, count(*) AS n,
		sum(sf.feature = 'city') AS city, sum(sf.feature = 'road') AS road,
		sum(sf.feature = 'cloister') AS cloister, sum(sf.feature = 'field') AS field,
		sum(sf.feature = 'tower') AS tower
	FROM second_figures sf JOIN turns tu ON tu.game = sf.game AND tu.turn = sf.turn
	GROUP BY sf.game, tu.seat) f ON f.game = p.game AND f.seat = p.seat
LEFT JOIN (SELECT game, captor AS seat, count(*) AS n, sum(phantom) AS phantom
	FROM captures WHERE captor <> victim GROUP BY game, captor) cm ON cm.game = p.game AND cm.seat = p.seat
LEFT JOIN (SELECT game, victim AS seat, count(*) AS n, sum(phantom) AS phantom
	FROM captures WHERE captor <> victim GROUP BY game, victim) cs ON cs.game = p.game AND cs.seat = p.seat
LEFT JOIN (SELECT game, captor AS seat, count(*) AS n
	FROM captures WHERE captor = victim GROUP BY game, captor) co ON co.game = p.game AND co.seat = p.seat
LEFT JOIN (SELECT game, payer AS seat, sum(points) AS points, sum(phantom) AS phantom
	FROM ransoms GROUP BY game, payer) rp ON rp.game = p.game AND rp.seat = p.seat
LEFT JOIN (SELECT game, payee AS seat, sum(points) AS points
	FROM ransoms GROUP BY game, payee) rr ON rr.game = p.game AND rr.seat = p.seat
LEFT JOIN (SELECT game, seat, sum(n) AS n FROM (
		SELECT game, a AS seat, a_phantom AS n FROM exchanges
		UNION ALL SELECT game, b, b_phantom FROM exchanges)
	GROUP BY game, seat) x ON x.game = p.game AND x.seat = p.seat;

UPDATE players SET (margin, city_points, road_points, cloister_points, field_points,
	captures_made, captures_suffered, own_taken_back, ransoms_paid, ransoms_received, floors_built,
	phantom_city, phantom_road, phantom_cloister, phantom_field, phantom_tower, phantom_second,
	phantom_points, phantom_lost, phantom_taken, phantom_ransomed, phantom_exchanged) =
	(f.margin, f.city_points, f.road_points, f.cloister_points, f.field_points,
	f.captures_made, f.captures_suffered, f.own_taken_back, f.ransoms_paid, f.ransoms_received, f.floors_built,
	f.phantom_city, f.phantom_road, f.phantom_cloister, f.phantom_field, f.phantom_tower, f.phantom_second,
	f.phantom_points, f.phantom_lost, f.phantom_taken, f.phantom_ransomed, f.phantom_exchanged)
FROM seat_figures f
WHERE f.game = players.game AND f.seat = players.seat;

-- The leaderboard sums the figures: one row a seat, read in the order of
-- the index on names, instead of four aggregates of the event tables.
DROP VIEW leaderboard;
CREATE VIEW leaderboard AS
SELECT name,
	count(*) AS games,
	sum(rank = 1) AS wins,
	avg(score) AS average_score,
	sum(captures_made) AS captures_made,
	sum(captures_suffered) AS captures_suffered,
	sum(ransoms_received) - sum(ransoms_paid) AS ransom_balance
FROM players
GROUP BY name;
