CREATE TABLE "statement_template_forms" (
	"template_id" integer NOT NULL,
	"form" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"sheet_name" text NOT NULL,
	"header_from" integer NOT NULL,
	"header_to" integer NOT NULL,
	"footer_row" integer,
	"mapping" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_template_forms_template_id_form_pk" PRIMARY KEY("template_id","form")
);
--> statement-breakpoint
CREATE TABLE "statement_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statement_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" uuid,
	"name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statement_template_forms" ADD CONSTRAINT "statement_template_forms_template_id_statement_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."statement_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_template_forms" ADD CONSTRAINT "statement_template_forms_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_templates" ADD CONSTRAINT "statement_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_templates" ADD CONSTRAINT "statement_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_templates_company_idx" ON "statement_templates" USING btree ("company_id");