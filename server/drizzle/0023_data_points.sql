CREATE TABLE "data_point_latest" (
	"agent_id" integer NOT NULL,
	"name" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "data_point_latest_agent_id_name_pk" PRIMARY KEY("agent_id","name")
);
--> statement-breakpoint
CREATE TABLE "data_points" (
	"agent_id" integer NOT NULL,
	"name" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_point_latest" ADD CONSTRAINT "data_point_latest_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_points" ADD CONSTRAINT "data_points_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_points_agent_name_ts_idx" ON "data_points" USING btree ("agent_id","name","ts" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "data_points_ts_brin_idx" ON "data_points" USING brin ("ts");