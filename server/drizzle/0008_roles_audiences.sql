CREATE TABLE "audiences" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "audiences_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "audience_id" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "audience_id" integer;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audiences_company_idx" ON "audiences" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "audiences_one_default" ON "audiences" USING btree ("company_id") WHERE is_default;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE no action ON UPDATE no action;