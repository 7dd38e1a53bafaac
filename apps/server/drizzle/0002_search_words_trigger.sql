-- Edit distance for typo correction (levenshtein), and the trigger that keeps search_words
-- in step with volume names. Words are never removed: a stale word only widens a search.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE OR REPLACE FUNCTION volumes_collect_search_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(NEW.search_name, '[^[:alnum:]]+') AS w
    WHERE length(w) >= 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER volumes_collect_search_words
  AFTER INSERT OR UPDATE OF name ON volumes
  FOR EACH ROW EXECUTE FUNCTION volumes_collect_search_words();--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM volumes, regexp_split_to_table(search_name, '[^[:alnum:]]+') AS w
  WHERE length(w) >= 2
ON CONFLICT DO NOTHING;
