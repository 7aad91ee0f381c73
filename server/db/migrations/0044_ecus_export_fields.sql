-- The fields real ECUS exports carry beside a line's goods: the tariff schedule it was declared under, its VAT exemption
-- code, the declaration's status, customs office, packages and gross weight. An import lists the rows it skipped as
-- no goods lines (totals, signatures, repeated headers).
ALTER TABLE "ecus_lines" ADD COLUMN "tariff_schedule" text;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "vat_exemption_code" text;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "declaration_status" text;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "customs_office" text;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "packages_unit" text;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "gross_weight_unit" text;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "packages" numeric;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "gross_weight" numeric;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "tariff_schedule" text;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "vat_exemption_code" text;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "declaration_status" text;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "customs_office" text;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "packages_unit" text;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "gross_weight_unit" text;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "packages" numeric;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "gross_weight" numeric;--> statement-breakpoint
ALTER TABLE "import_records" ADD COLUMN "skipped" jsonb DEFAULT '[]'::jsonb NOT NULL;
