CREATE TABLE "api_call_counts" (
	"company_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "api_call_counts_company_id_hour_pk" PRIMARY KEY("company_id","hour")
);
--> statement-breakpoint
ALTER TABLE "api_call_counts" ADD CONSTRAINT "api_call_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;