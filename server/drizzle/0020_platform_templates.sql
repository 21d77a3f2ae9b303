CREATE TABLE "backend_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backend_templates_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "message_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"topic" text NOT NULL,
	CONSTRAINT "message_subscriptions_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "platform_servers" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"location" text NOT NULL,
	"type" text NOT NULL,
	"vpn_range" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_servers_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "platform_servers_type" CHECK ("platform_servers"."type" in ('mdr', 'rsc'))
);
--> statement-breakpoint
CREATE TABLE "router_screensavers" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"png" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "router_screensavers_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "template_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"template_id" integer NOT NULL,
	"config" jsonb NOT NULL,
	CONSTRAINT "template_configs_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "template_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"line" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"template_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "template_shares_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "backend_templates" ADD CONSTRAINT "backend_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_subscriptions" ADD CONSTRAINT "message_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_subscriptions" ADD CONSTRAINT "message_subscriptions_template_id_backend_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."backend_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_servers" ADD CONSTRAINT "platform_servers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "router_screensavers" ADD CONSTRAINT "router_screensavers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_configs" ADD CONSTRAINT "template_configs_template_id_backend_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."backend_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_logs" ADD CONSTRAINT "template_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_logs" ADD CONSTRAINT "template_logs_template_id_backend_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."backend_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_shares" ADD CONSTRAINT "template_shares_template_id_backend_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."backend_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_shares" ADD CONSTRAINT "template_shares_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backend_templates_company_idx" ON "backend_templates" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "message_subscriptions_company_idx" ON "message_subscriptions" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "message_subscriptions_template_idx" ON "message_subscriptions" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "platform_servers_company_idx" ON "platform_servers" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "router_screensavers_company_idx" ON "router_screensavers" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "template_configs_template_idx" ON "template_configs" USING btree ("template_id","id");--> statement-breakpoint
CREATE INDEX "template_logs_runner_idx" ON "template_logs" USING btree ("company_id","template_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "template_shares_pair_idx" ON "template_shares" USING btree ("template_id","company_id");--> statement-breakpoint
CREATE INDEX "template_shares_company_idx" ON "template_shares" USING btree ("company_id");