ALTER TABLE "group_memberships" ADD COLUMN "public_id" text;--> statement-breakpoint
-- Existing memberships get a publicId of 12 characters of [0-9a-f] (within api.md's alphabet).
UPDATE "group_memberships" SET "public_id" = substr(md5(random()::text || "id"::text), 1, 12);--> statement-breakpoint
ALTER TABLE "group_memberships" ALTER COLUMN "public_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_parent_id_groups_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "groups_company_type_idx" ON "groups" USING btree ("company_id","group_type_id");--> statement-breakpoint
CREATE INDEX "groups_parent_idx" ON "groups" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "group_memberships" ADD CONSTRAINT "group_memberships_public_id_unique" UNIQUE("public_id");