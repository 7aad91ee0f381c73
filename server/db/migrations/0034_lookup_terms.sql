CREATE TABLE "lookup_korean_term" (
	"term" text PRIMARY KEY NOT NULL,
	"codes" text[] NOT NULL,
	"en" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_synonym" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lookup_synonym_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"names" text[] NOT NULL,
	"wordings" text[] NOT NULL
);
