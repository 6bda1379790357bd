-- Migration number: 0024 	 Why a finished match was not rated (src/server/ratings/verdict.ts's reason), kept with its results:
-- a room rebuilt from D1 or its archive shows its players the same "not rated, because …" as before (docs/ratings.md).
-- Null when the match was rated, and in results from before it was kept.
ALTER TABLE match_results ADD COLUMN unrated_why TEXT;
