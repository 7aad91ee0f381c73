ALTER TABLE "ecus_cancel_records" ADD COLUMN "exemption_code" text;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "exempted_amount" numeric;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "vat_rate" numeric;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "excise_rate" numeric;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "excise_amount" numeric;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "environment_rate" numeric;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "environment_amount" numeric;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "trade_remedy_rate" numeric;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "trade_remedy_amount" numeric;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "cancel_date" date;--> statement-breakpoint
ALTER TABLE "ecus_cancel_records" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "total_2" numeric;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "exemption_code" text;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "exempted_amount" numeric;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "vat_rate" numeric;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "vat_amount" numeric;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "excise_rate" numeric;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "excise_amount" numeric;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "environment_rate" numeric;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "environment_amount" numeric;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "trade_remedy_rate" numeric;--> statement-breakpoint
ALTER TABLE "ecus_lines" ADD COLUMN "trade_remedy_amount" numeric;--> statement-breakpoint
-- Cancel records loaded before now copied only some columns of their lines: fill the rest from the lines they cancel.
UPDATE "ecus_cancel_records" c SET
  "origin_criteria" = coalesce(c."origin_criteria", e."origin_criteria"), "unit_2" = coalesce(c."unit_2", e."unit_2"),
  "unit_price_taxed" = coalesce(c."unit_price_taxed", e."unit_price_taxed"), "currency" = coalesce(c."currency", e."currency"),
  "exchange_rate" = coalesce(c."exchange_rate", e."exchange_rate"), "tax_rate" = coalesce(c."tax_rate", e."tax_rate"),
  "tax_cost" = coalesce(c."tax_cost", e."tax_cost"), "bill_date" = coalesce(c."bill_date", e."bill_date"),
  "contract" = coalesce(c."contract", e."contract"), "contract_date" = coalesce(c."contract_date", e."contract_date"),
  "unloading_location" = coalesce(c."unloading_location", e."unloading_location"), "shipping_date" = coalesce(c."shipping_date", e."shipping_date"),
  "co_form" = coalesce(c."co_form", e."co_form"), "co_number" = coalesce(c."co_number", e."co_number"),
  "price_condition" = coalesce(c."price_condition", e."price_condition")
  FROM "ecus_lines" e WHERE e."id" = c."ecus_id" AND e."company_id" = c."company_id";
