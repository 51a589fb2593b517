-- Each seat's figures, which stats, the leaderboard, standings and the
-- report sum over many games, become columns of players, computed once
-- when a game is stored (fillFigures in analytics/fillrows.go), so that a sum
-- over games reads one row a seat instead of every event row. This
-- migration fills them for the games already stored from their rows of
-- the other tables, as the ingest computes them. Documented in
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

UPDATE players SET margin = players.score - o.best
FROM (SELECT a.game, a.seat, max(b.score) AS best FROM players a
	JOIN players b ON b.game = a.game AND b.seat <> a.seat GROUP BY a.game, a.seat) o
WHERE o.game = players.game AND o.seat = players.seat;

UPDATE players SET
	city_points = s.city, road_points = s.road, cloister_points = s.cloister, field_points = s.field,
	phantom_points = s.phantom
FROM (SELECT game, seat,
		sum(CASE feature WHEN 'city' THEN points ELSE 0 END) AS city,
		sum(CASE feature WHEN 'road' THEN points ELSE 0 END) AS road,
		sum(CASE feature WHEN 'cloister' THEN points ELSE 0 END) AS cloister,
		sum(CASE feature WHEN 'field' THEN points ELSE 0 END) AS field,
		sum(CASE phantom WHEN 1 THEN points ELSE 0 END) AS phantom
	FROM scores GROUP BY game, seat) s
WHERE s.game = players.game AND s.seat = players.seat;

UPDATE players SET floors_built = t.floors, phantom_city = t.city, phantom_road = t.road,
	phantom_cloister = t.cloister, phantom_field = t.field, phantom_tower = t.tower
FROM (SELECT game, seat,
		sum(action = 'floor') AS floors,
		sum(action = 'follower' AND phantom = 1 AND feature = 'city') AS city,
		sum(action = 'follower' AND phantom = 1 AND feature = 'road') AS road,
		sum(action = 'follower' AND phantom = 1 AND feature = 'cloister') AS cloister,
		sum(action = 'follower' AND phantom = 1 AND feature = 'field') AS field,
		sum(action = 'tower-follower' AND phantom = 1) AS tower
	FROM turns WHERE action IS NOT NULL GROUP BY game, seat) t
WHERE t.game = players.game AND t.seat = players.seat;

UPDATE players SET phantom_second = s.second,
	phantom_city = phantom_city + s.city, phantom_road = phantom_road + s.road,
	phantom_cloister = phantom_cloister + s.cloister, phantom_field = phantom_field + s.field,
	phantom_tower = phantom_tower + s.tower
FROM (SELECT f.game, t.seat, count(*) AS second,
		sum(f.feature = 'city') AS city, sum(f.feature = 'road') AS road,
		sum(f.feature = 'cloister') AS cloister, sum(f.feature = 'field') AS field,
		sum(f.feature = 'tower') AS tower
	FROM second_figures f JOIN turns t ON t.game = f.game AND t.turn = f.turn GROUP BY f.game, t.seat) s
WHERE s.game = players.game AND s.seat = players.seat;

UPDATE players SET captures_made = c.made, phantom_taken = c.phantom
FROM (SELECT game, captor AS seat, count(*) AS made, sum(phantom) AS phantom
	FROM captures WHERE captor <> victim GROUP BY game, captor) c
WHERE c.game = players.game AND c.seat = players.seat;

UPDATE players SET captures_suffered = c.suffered, phantom_lost = c.phantom
FROM (SELECT game, victim AS seat, count(*) AS suffered, sum(phantom) AS phantom
	FROM captures WHERE captor <> victim GROUP BY game, victim) c
WHERE c.game = players.game AND c.seat = players.seat;

UPDATE players SET own_taken_back = c.own
FROM (SELECT game, captor AS seat, count(*) AS own FROM captures WHERE captor = victim GROUP BY game, captor) c
WHERE c.game = players.game AND c.seat = players.seat;

UPDATE players SET ransoms_paid = r.paid, phantom_ransomed = r.phantom
FROM (SELECT game, payer AS seat, sum(points) AS paid, sum(phantom) AS phantom FROM ransoms GROUP BY game, payer) r
WHERE r.game = players.game AND r.seat = players.seat;

UPDATE players SET ransoms_received = r.received
FROM (SELECT game, payee AS seat, sum(points) AS received FROM ransoms GROUP BY game, payee) r
WHERE r.game = players.game AND r.seat = players.seat;

UPDATE players SET phantom_exchanged = x.n
FROM (SELECT game, seat, sum(n) AS n FROM (
		SELECT game, a AS seat, a_phantom AS n FROM exchanges
		UNION ALL SELECT game, b, b_phantom FROM exchanges)
	GROUP BY game, seat) x
WHERE x.game = players.game AND x.seat = players.seat;

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
