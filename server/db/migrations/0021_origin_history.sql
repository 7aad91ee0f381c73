CREATE TABLE "origin_claims" (
	"schedule_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_id" integer NOT NULL,
	"quantity" numeric NOT NULL,
	CONSTRAINT "origin_claims_schedule_id_source_source_id_pk" PRIMARY KEY("schedule_id","source","source_id")
);
--> statement-breakpoint
CREATE TABLE "origin_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "origin_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"folder_set_id" uuid NOT NULL,
	"ecus_id" integer NOT NULL,
	"option" text NOT NULL,
	"criteria" text,
	"price_type" text NOT NULL,
	"price_value" numeric,
	"price_percent" numeric,
	"fulfilled" boolean NOT NULL,
	"answer" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "origin_claims" ADD CONSTRAINT "origin_claims_schedule_id_origin_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."origin_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_schedules" ADD CONSTRAINT "origin_schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_schedules" ADD CONSTRAINT "origin_schedules_folder_set_id_folder_sets_id_fk" FOREIGN KEY ("folder_set_id") REFERENCES "public"."folder_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_schedules" ADD CONSTRAINT "origin_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "origin_claims_source_idx" ON "origin_claims" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "origin_schedules_scope_idx" ON "origin_schedules" USING btree ("company_id","folder_set_id","ecus_id");