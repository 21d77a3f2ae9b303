ALTER TABLE "companies" ADD COLUMN "audit_retention_days" integer;--> statement-breakpoint
CREATE INDEX "audit_logs_company_time_idx" ON "audit_logs" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_company_actor_idx" ON "audit_logs" USING btree ("company_id","actor_user_id","id");--> statement-breakpoint
CREATE INDEX "audit_logs_company_topic_idx" ON "audit_logs" USING btree ("company_id","topic","id");--> statement-breakpoint
CREATE INDEX "audit_logs_company_action_idx" ON "audit_logs" USING btree ("company_id","action","id");