-- Origin evidence: the C/O presented on import and the invoice's price condition on declaration lines (and the
-- cancelled copies of them), the supplier's declaration on domestic purchases.
ALTER TABLE "ecus_lines" ADD COLUMN "co_form" text;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "co_number" text;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "price_condition" text;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "co_form" text;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "co_number" text;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "price_condition" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "supplier_declaration" text;
