CREATE TABLE "attempt_counters" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"window_start_ms" bigint NOT NULL,
	"locked_until_ms" bigint,
	CONSTRAINT "attempt_counters_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "session_id" integer;--> statement-breakpoint
CREATE INDEX "attempt_counters_window_idx" ON "attempt_counters" USING btree ("window_start_ms");--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_session_id_access_tokens_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."access_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_session_idx" ON "access_tokens" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_sign_ins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";