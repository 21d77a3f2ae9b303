CREATE TABLE "agent_activations" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"feature" text NOT NULL,
	"method" text NOT NULL,
	"bundle_id" integer,
	"coupon_id" integer,
	"starts_on" timestamp with time zone NOT NULL,
	"expires_on" timestamp with time zone NOT NULL,
	"end_notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_bundles" (
	"agent_id" integer NOT NULL,
	"bundle_id" integer NOT NULL,
	"activated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_bundles_agent_id_bundle_id_pk" PRIMARY KEY("agent_id","bundle_id")
);
--> statement-breakpoint
CREATE TABLE "agent_trials" (
	"agent_id" integer NOT NULL,
	"feature" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_trials_agent_id_feature_pk" PRIMARY KEY("agent_id","feature")
);
--> statement-breakpoint
CREATE TABLE "app_installs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"installed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"config_schema" jsonb NOT NULL,
	CONSTRAINT "apps_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "apps_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"code" text NOT NULL,
	"feature" text NOT NULL,
	"days" integer NOT NULL,
	"redeemed_at" timestamp with time zone,
	"agent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "coupons_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "licence_bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"licence_type_id" integer NOT NULL,
	"seats" integer NOT NULL,
	"expires_on" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_bundles_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "licence_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"features" jsonb NOT NULL,
	"period_days" integer NOT NULL,
	CONSTRAINT "licence_types_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "licence_types_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "demo_expires_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "trial_ends_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "platform_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_activations" ADD CONSTRAINT "agent_activations_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_activations" ADD CONSTRAINT "agent_activations_bundle_id_licence_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."licence_bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_activations" ADD CONSTRAINT "agent_activations_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_bundles" ADD CONSTRAINT "agent_bundles_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_bundles" ADD CONSTRAINT "agent_bundles_bundle_id_licence_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."licence_bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_trials" ADD CONSTRAINT "agent_trials_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_installs" ADD CONSTRAINT "app_installs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_installs" ADD CONSTRAINT "app_installs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_bundles" ADD CONSTRAINT "licence_bundles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_bundles" ADD CONSTRAINT "licence_bundles_licence_type_id_licence_types_id_fk" FOREIGN KEY ("licence_type_id") REFERENCES "public"."licence_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_activations_agent_feature_idx" ON "agent_activations" USING btree ("agent_id","feature");--> statement-breakpoint
CREATE INDEX "agent_activations_expiry_idx" ON "agent_activations" USING btree ("expires_on") WHERE end_notified_at is null;--> statement-breakpoint
CREATE INDEX "agent_bundles_bundle_idx" ON "agent_bundles" USING btree ("bundle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_installs_company_app_idx" ON "app_installs" USING btree ("company_id","app_id");--> statement-breakpoint
CREATE INDEX "licence_bundles_company_idx" ON "licence_bundles" USING btree ("company_id","id");