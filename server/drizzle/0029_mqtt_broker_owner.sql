ALTER TABLE "mqtt_brokers" ADD COLUMN "owner_node" text;--> statement-breakpoint
ALTER TABLE "mqtt_brokers" ADD COLUMN "owner_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mqtt_brokers" ADD COLUMN "status" jsonb;