CREATE TABLE "page_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"page_id" integer NOT NULL,
	"state" text NOT NULL,
	"title" text NOT NULL,
	"icon" text,
	"period_spec" text NOT NULL,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"page_pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preview_agent_id" integer,
	"preview_asset_id" integer,
	CONSTRAINT "page_versions_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "page_versions_state" CHECK ("page_versions"."state" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_preview_agent_id_agents_id_fk" FOREIGN KEY ("preview_agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_preview_asset_id_assets_id_fk" FOREIGN KEY ("preview_asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "page_versions_page_state_idx" ON "page_versions" USING btree ("page_id","state");--> statement-breakpoint
CREATE INDEX "pages_company_idx" ON "pages" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_one_default_idx" ON "pages" USING btree ("company_id","kind") WHERE "pages"."is_default";