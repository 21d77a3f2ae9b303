CREATE TABLE "agent_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"dedupe_key" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agent_messages" ADD CONSTRAINT "agent_messages_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_messages_dedupe_idx" ON "agent_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "agent_messages_pending_idx" ON "agent_messages" USING btree ("agent_id") WHERE delivered_at is null;