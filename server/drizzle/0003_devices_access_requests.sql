CREATE TABLE "access_request_approvers" (
	"request_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "access_request_approvers_request_id_user_id_pk" PRIMARY KEY("request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "access_request_servers" (
	"request_id" integer NOT NULL,
	"server_id" integer NOT NULL,
	CONSTRAINT "access_request_servers_request_id_server_id_pk" PRIMARY KEY("request_id","server_id")
);
--> statement-breakpoint
CREATE TABLE "access_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"requester_id" integer NOT NULL,
	"status" text NOT NULL,
	"requested_start" timestamp with time zone NOT NULL,
	"requested_end" timestamp with time zone NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"vpn" boolean NOT NULL,
	"comment" text,
	"approver_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"extends_request_id" integer,
	CONSTRAINT "access_requests_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "agent_groups" (
	"agent_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "agent_groups_agent_id_group_id_pk" PRIMARY KEY("agent_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"asset_type_id" integer,
	"name" text NOT NULL,
	CONSTRAINT "assets_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "group_memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"role_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"company_id" integer,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "outbox_messages_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "rsc_server_name" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "rsc_server_public_id" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "vpn_address" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "rate_limit" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "rate_counter" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "rate_last_hit" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "use_stunnel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "access_request_approvers" ADD CONSTRAINT "access_request_approvers_request_id_access_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."access_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_request_approvers" ADD CONSTRAINT "access_request_approvers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_request_servers" ADD CONSTRAINT "access_request_servers_request_id_access_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."access_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_request_servers" ADD CONSTRAINT "access_request_servers_server_id_agent_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."agent_servers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_extends_request_id_access_requests_id_fk" FOREIGN KEY ("extends_request_id") REFERENCES "public"."access_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_groups" ADD CONSTRAINT "agent_groups_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_groups" ADD CONSTRAINT "agent_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_asset_type_id_asset_types_id_fk" FOREIGN KEY ("asset_type_id") REFERENCES "public"."asset_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_memberships" ADD CONSTRAINT "group_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_memberships" ADD CONSTRAINT "group_memberships_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_memberships" ADD CONSTRAINT "group_memberships_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_request_approvers_user_idx" ON "access_request_approvers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "access_requests_agent_requester_idx" ON "access_requests" USING btree ("agent_id","requester_id");--> statement-breakpoint
CREATE INDEX "access_requests_requester_idx" ON "access_requests" USING btree ("requester_id","created_at");--> statement-breakpoint
CREATE INDEX "access_requests_company_idx" ON "access_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "access_requests_pending_end_idx" ON "access_requests" USING btree ("requested_end") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "agent_groups_group_idx" ON "agent_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "assets_company_name_idx" ON "assets" USING btree ("company_id","name","public_id");--> statement-breakpoint
CREATE INDEX "assets_agent_idx" ON "assets" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_memberships_user_group_role" ON "group_memberships" USING btree ("user_id","group_id","role_id");--> statement-breakpoint
CREATE INDEX "group_memberships_group_idx" ON "group_memberships" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_queued_idx" ON "outbox_messages" USING btree ("id") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "outbox_messages_company_idx" ON "outbox_messages" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "agent_servers_agent_idx" ON "agent_servers" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "agents_company_name_idx" ON "agents" USING btree ("company_id","name","public_id");--> statement-breakpoint
CREATE INDEX "agents_company_search_idx" ON "agents" USING btree ("company_id","search_name");