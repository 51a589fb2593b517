-- A game is one game however it is annotated: games.id becomes the
-- game's identity (the SHA-256 of the players, rules, bag, start and
-- moves: see Identity in analytics/identity.go), and games.record keeps
-- the record as last ingested, annotations included, in canonical CGN.
-- Games stored before keep the id they had (the SHA-256 of their
-- canonical record) and no record until their file is ingested again,
-- which finds them by that id and brings them up to date. Documented in
-- docs/schema.md; keep the two in step.
ALTER TABLE games ADD COLUMN record TEXT;
