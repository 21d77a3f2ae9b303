DROP INDEX "events_user_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL;--> statement-breakpoint
CREATE INDEX "events_user_xid_idx" ON "events" USING btree ("user_id","xid","id");