CREATE TABLE "mqtt_brokers" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"tls" boolean DEFAULT false NOT NULL,
	"client_id" text DEFAULT '' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password_encrypted" text,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mqtt_brokers_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "mqtt_brokers" ADD CONSTRAINT "mqtt_brokers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mqtt_brokers_company_idx" ON "mqtt_brokers" USING btree ("company_id","name");