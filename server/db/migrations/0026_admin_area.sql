CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"company_id" uuid,
	"subject" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_loads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lookup_loads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"year" smallint,
	"file_name" text NOT NULL,
	"upload_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"stage" text,
	"rows_read" integer,
	"rows" integer,
	"error" text,
	"failure" jsonb,
	"started_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"worker" text,
	"heartbeat_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookup_loads" ADD CONSTRAINT "lookup_loads_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookup_loads" ADD CONSTRAINT "lookup_loads_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_action_at_idx" ON "audit_events" USING btree ("action","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_company_at_idx" ON "audit_events" USING btree ("company_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lookup_loads_status_idx" ON "lookup_loads" USING btree ("status");--> statement-breakpoint
CREATE INDEX "lookup_loads_created_idx" ON "lookup_loads" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
-- lookup_contact_message is created in raw SQL (0001_lookup.sql), outside the Drizzle schema, so its new columns are written here by hand.
ALTER TABLE "lookup_contact_message" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lookup_contact_message" ADD COLUMN "answered_by" uuid REFERENCES "public"."users"("id") ON DELETE set null;
