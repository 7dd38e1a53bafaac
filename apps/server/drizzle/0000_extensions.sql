-- Search support, before any table uses it: trigram similarity (typo-tolerant search)
-- and accent folding. unaccent() is only STABLE, so an IMMUTABLE wrapper with a fixed
-- dictionary lets generated columns and indexes use it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT unaccent('unaccent'::regdictionary, $1) $$;
