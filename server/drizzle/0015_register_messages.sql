CREATE TABLE "notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"dedupe_key" text,
	CONSTRAINT "notices_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "privacy_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"sector_id" integer,
	"company_id" integer,
	"body" text NOT NULL,
	"languages" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_statements_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "terms_of_use_policies" ADD COLUMN "languages" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_statements" ADD CONSTRAINT "privacy_statements_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_statements" ADD CONSTRAINT "privacy_statements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_user_idx" ON "notices" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notices_user_unread_idx" ON "notices" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notices_user_dedupe" ON "notices" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "privacy_statements_sector_idx" ON "privacy_statements" USING btree ("sector_id","id");--> statement-breakpoint
CREATE INDEX "privacy_statements_company_idx" ON "privacy_statements" USING btree ("company_id","id");