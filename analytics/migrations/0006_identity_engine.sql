-- A game's identity is the engine's view of what was played (see
-- Identity in analytics/identity.go): tags that restate a default (Start,
-- Bag, Rules words) no longer make two games of one. The Go step of this
-- migration (rekey in analytics/rekey.go) replays every stored record,
-- writes each game's new identity into rekey, merges the games that now
-- share one (the first stored keeps its key, their annotations merged as
-- an ingest merges them) and gives games.id the new identities. Games
-- stored before identities (no record) keep the id they have. Documented
-- in docs/schema.md; keep the two in step.
CREATE TEMP TABLE rekey (gid INTEGER PRIMARY KEY, id TEXT NOT NULL);
