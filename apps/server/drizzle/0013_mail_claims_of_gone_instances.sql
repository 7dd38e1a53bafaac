-- Mail claimed by an instance that died goes out at once (issue 25): a worker stamps the rows it
-- claims with its instance's liveness key, and another worker gives back the claims of a key
-- whose instance is gone instead of waiting out the lease (two minutes by default).
ALTER TABLE "email_outbox" ADD COLUMN "claimed_by" integer;
