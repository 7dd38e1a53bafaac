-- Catalogue cards (issue 24 item 7): every volume keeps what its card shows and what 'Newest' and
-- 'Top rated' sort by (its issues' lowest and highest price, its reviews' count and star total,
-- and when it last got a new issue) in columns that triggers on issues and reviews keep true.
-- A write recomputes the volumes it touched (one, mostly) from their own rows through the
-- indexes on issues (volume_id, issue_number) and reviews (volume_id), so a page of cards reads
-- 12 rows in index order instead of aggregating the catalogue for every page. The backfill
-- writes every volume anew: until (auto)vacuum has been over volumes, index-only scans of the
-- catalogue's pages read the table too (on 10,000 volumes, a few times slower uncached).
ALTER TABLE "volumes" ADD COLUMN "price_min_cents" integer;--> statement-breakpoint
ALTER TABLE "volumes" ADD COLUMN "price_max_cents" integer;--> statement-breakpoint
ALTER TABLE "volumes" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "volumes" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "volumes" ADD COLUMN "rating_average" double precision GENERATED ALWAYS AS (rating_total::float8 / nullif(rating_count, 0)) STORED;--> statement-breakpoint
ALTER TABLE "volumes" ADD COLUMN "newest_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE FUNCTION volumes_refresh_issue_aggregates(volume_ids integer[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(volume_ids) = 0 THEN
    RETURN;
  END IF;
  -- Lock the volumes first, in id order, then read their issues: under READ COMMITTED that read
  -- takes a fresh snapshot, so what a concurrent writer committed while this one waited is
  -- counted and no change is lost. NO KEY UPDATE (what the UPDATE below takes anyway) does not
  -- wait for the key-share locks of inserts referencing the volume.
  PERFORM 1 FROM volumes WHERE id = ANY (volume_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE volumes v
     SET price_min_cents = a.price_min_cents,
         price_max_cents = a.price_max_cents,
         newest_at = greatest(v.created_at, a.newest_issue_at)
    FROM (SELECT ids.id, p.price_min_cents, p.price_max_cents, p.newest_issue_at
            FROM unnest(volume_ids) AS ids (id)
            CROSS JOIN LATERAL (
              SELECT min(i.price_cents) AS price_min_cents, max(i.price_cents) AS price_max_cents,
                     max(i.created_at) AS newest_issue_at
                FROM issues i
               WHERE i.volume_id = ids.id) p) a
   WHERE v.id = a.id
     AND (v.price_min_cents, v.price_max_cents, v.newest_at)
         IS DISTINCT FROM (a.price_min_cents, a.price_max_cents, greatest(v.created_at, a.newest_issue_at));
END $$;--> statement-breakpoint
CREATE FUNCTION volumes_refresh_rating_aggregates(volume_ids integer[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(volume_ids) = 0 THEN
    RETURN;
  END IF;
  -- As volumes_refresh_issue_aggregates: lock, then count with a fresh snapshot.
  PERFORM 1 FROM volumes WHERE id = ANY (volume_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE volumes v
     SET rating_count = a.rating_count,
         rating_total = a.rating_total
    FROM (SELECT ids.id, r.rating_count, r.rating_total
            FROM unnest(volume_ids) AS ids (id)
            CROSS JOIN LATERAL (
              SELECT count(*)::int AS rating_count, coalesce(sum(rv.rating), 0)::int AS rating_total
                FROM reviews rv
               WHERE rv.volume_id = ids.id) r) a
   WHERE v.id = a.id
     AND (v.rating_count, v.rating_total) IS DISTINCT FROM (a.rating_count, a.rating_total);
END $$;--> statement-breakpoint
-- Statement triggers with transition tables: a bulk insert (the seed's thousand issues a
-- statement) recomputes each volume it touched once, not once a row.
CREATE FUNCTION issues_refresh_volumes() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM volumes_refresh_issue_aggregates(ARRAY(SELECT DISTINCT volume_id FROM new_issues));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM volumes_refresh_issue_aggregates(ARRAY(SELECT DISTINCT volume_id FROM old_issues));
  ELSE
    -- Only what the aggregates read: a new cover, name or page count leaves the volume alone.
    PERFORM volumes_refresh_issue_aggregates(ARRAY(
      SELECT DISTINCT unnest(ARRAY[o.volume_id, n.volume_id])
        FROM old_issues o
        JOIN new_issues n USING (id)
       WHERE (o.volume_id, o.price_cents, o.created_at) IS DISTINCT FROM (n.volume_id, n.price_cents, n.created_at)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER issues_refresh_volumes_on_insert AFTER INSERT ON issues
  REFERENCING NEW TABLE AS new_issues
  FOR EACH STATEMENT EXECUTE FUNCTION issues_refresh_volumes();--> statement-breakpoint
CREATE TRIGGER issues_refresh_volumes_on_update AFTER UPDATE ON issues
  REFERENCING OLD TABLE AS old_issues NEW TABLE AS new_issues
  FOR EACH STATEMENT EXECUTE FUNCTION issues_refresh_volumes();--> statement-breakpoint
CREATE TRIGGER issues_refresh_volumes_on_delete AFTER DELETE ON issues
  REFERENCING OLD TABLE AS old_issues
  FOR EACH STATEMENT EXECUTE FUNCTION issues_refresh_volumes();--> statement-breakpoint
CREATE FUNCTION reviews_refresh_volumes() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM volumes_refresh_rating_aggregates(ARRAY(SELECT DISTINCT volume_id FROM new_reviews));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM volumes_refresh_rating_aggregates(ARRAY(SELECT DISTINCT volume_id FROM old_reviews));
  ELSE
    -- A review saved again with the same stars (a new text) leaves its volume alone.
    PERFORM volumes_refresh_rating_aggregates(ARRAY(
      SELECT DISTINCT unnest(ARRAY[o.volume_id, n.volume_id])
        FROM old_reviews o
        JOIN new_reviews n USING (id)
       WHERE (o.volume_id, o.rating) IS DISTINCT FROM (n.volume_id, n.rating)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reviews_refresh_volumes_on_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS new_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION reviews_refresh_volumes();--> statement-breakpoint
CREATE TRIGGER reviews_refresh_volumes_on_update AFTER UPDATE ON reviews
  REFERENCING OLD TABLE AS old_reviews NEW TABLE AS new_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION reviews_refresh_volumes();--> statement-breakpoint
CREATE TRIGGER reviews_refresh_volumes_on_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS old_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION reviews_refresh_volumes();--> statement-breakpoint
-- A new volume has no issue and no review yet, whatever its insert says: its issues' and
-- reviews' triggers fill these in. A volume's own time moved (no screen does it) moves newest_at.
CREATE FUNCTION volumes_start_aggregates() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.price_min_cents := NULL;
    NEW.price_max_cents := NULL;
    NEW.rating_count := 0;
    NEW.rating_total := 0;
    NEW.newest_at := NEW.created_at;
  ELSE
    NEW.newest_at := greatest(NEW.created_at, (SELECT max(created_at) FROM issues WHERE volume_id = NEW.id));
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER volumes_start_aggregates BEFORE INSERT OR UPDATE OF created_at ON volumes
  FOR EACH ROW EXECUTE FUNCTION volumes_start_aggregates();--> statement-breakpoint
-- The catalogue as it stands, in one pass over each table (before the indexes exist).
UPDATE volumes v
   SET price_min_cents = i.price_min_cents,
       price_max_cents = i.price_max_cents,
       newest_at = greatest(v.created_at, i.newest_issue_at),
       rating_count = coalesce(r.rating_count, 0),
       rating_total = coalesce(r.rating_total, 0)
  FROM volumes w
  LEFT JOIN (SELECT volume_id, min(price_cents) AS price_min_cents, max(price_cents) AS price_max_cents,
                    max(created_at) AS newest_issue_at
               FROM issues
              GROUP BY volume_id) i ON i.volume_id = w.id
  LEFT JOIN (SELECT volume_id, count(*)::int AS rating_count, sum(rating)::int AS rating_total
               FROM reviews
              GROUP BY volume_id) r ON r.volume_id = w.id
 WHERE v.id = w.id;--> statement-breakpoint
CREATE INDEX "volumes_newest_idx" ON "volumes" USING btree ("newest_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "volumes_publisher_newest_idx" ON "volumes" USING btree ("publisher_id","newest_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "volumes_rating_idx" ON "volumes" USING btree ("rating_average" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "volumes_publisher_rating_idx" ON "volumes" USING btree ("publisher_id","rating_average" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ANALYZE volumes;
