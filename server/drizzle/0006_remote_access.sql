CREATE TABLE "agent_credentials" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"rotated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relay_cluster" (
	"id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relay_links" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"node" text NOT NULL,
	"node_url" text NOT NULL,
	"linked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tunnel_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"server_id" integer NOT NULL,
	"node" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"bytes_to_device" bigint DEFAULT 0 NOT NULL,
	"bytes_from_device" bigint DEFAULT 0 NOT NULL,
	"end_reason" text,
	CONSTRAINT "tunnel_sessions_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "tunnel_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "tunnel_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "agent_credentials" ADD CONSTRAINT "agent_credentials_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relay_links" ADD CONSTRAINT "relay_links_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tunnel_sessions" ADD CONSTRAINT "tunnel_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tunnel_sessions" ADD CONSTRAINT "tunnel_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tunnel_sessions" ADD CONSTRAINT "tunnel_sessions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tunnel_sessions" ADD CONSTRAINT "tunnel_sessions_server_id_agent_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."agent_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tunnel_tokens" ADD CONSTRAINT "tunnel_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tunnel_tokens" ADD CONSTRAINT "tunnel_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tunnel_tokens" ADD CONSTRAINT "tunnel_tokens_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tunnel_sessions_company_idx" ON "tunnel_sessions" USING btree ("company_id","ended_at","id");--> statement-breakpoint
CREATE INDEX "tunnel_sessions_live_agent_idx" ON "tunnel_sessions" USING btree ("agent_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "tunnel_tokens_expires_idx" ON "tunnel_tokens" USING btree ("expires_at");