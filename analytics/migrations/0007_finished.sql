-- Finished is decided by the engine: games.finished is 1 when the engine
-- played the game to its end and scored it (every tile played, final
-- scoring done), 0 when not, whatever the Result tag says. games.result
-- becomes the engine's result (the final scores, "96-70", of a finished
-- game; "*" otherwise), and an unfinished game gives nobody a place
-- (players.rank 0) nor a winner. A stored game whose Result tag gave
-- scores was verified finished; the others are replayed from their
-- record by the Go step of this migration (finishedStep in
-- analytics/finished.go). Documented in docs/schema.md; keep the two in
-- step.
ALTER TABLE games ADD COLUMN finished INTEGER NOT NULL DEFAULT 0;
UPDATE games SET finished = 1 WHERE result IS NOT NULL AND result <> '*';
