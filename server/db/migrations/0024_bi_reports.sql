CREATE TABLE "bi_report_assignments" (
	"user_id" uuid NOT NULL,
	"report_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bi_report_assignments_user_id_report_id_pk" PRIMARY KEY("user_id","report_id")
);
--> statement-breakpoint
CREATE TABLE "bi_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bi_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"embed_url" text NOT NULL,
	"type" text NOT NULL,
	"sub_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bi_reports_type_check" CHECK ("bi_reports"."type" IN ('XNK-UTM-CO', 'BCQT', 'Tax')),
	CONSTRAINT "bi_reports_sub_type_check" CHECK (("bi_reports"."type" = 'BCQT' AND "bi_reports"."sub_type" IN ('GC', 'SXXK', 'Standard')) OR ("bi_reports"."type" <> 'BCQT' AND "bi_reports"."sub_type" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "bi_report_assignments" ADD CONSTRAINT "bi_report_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bi_report_assignments" ADD CONSTRAINT "bi_report_assignments_report_id_bi_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."bi_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bi_report_assignments_report_idx" ON "bi_report_assignments" USING btree ("report_id");