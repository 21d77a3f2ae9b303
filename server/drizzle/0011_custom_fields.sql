CREATE TABLE "custom_field_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"agent_id" integer,
	"asset_id" integer,
	"value" text NOT NULL,
	CONSTRAINT "custom_field_values_one_owner" CHECK (("custom_field_values"."agent_id" is null) <> ("custom_field_values"."asset_id" is null))
);
--> statement-breakpoint
CREATE TABLE "custom_properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"target" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order" integer NOT NULL,
	CONSTRAINT "custom_properties_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_property_id_custom_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."custom_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_properties" ADD CONSTRAINT "custom_properties_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_field_values_agent_idx" ON "custom_field_values" USING btree ("agent_id","property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_field_values_asset_idx" ON "custom_field_values" USING btree ("asset_id","property_id");--> statement-breakpoint
CREATE INDEX "custom_field_values_property_idx" ON "custom_field_values" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "custom_properties_company_idx" ON "custom_properties" USING btree ("company_id","order");