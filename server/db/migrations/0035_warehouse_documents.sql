-- Warehouse receipts and issues carry their own slip numbers and dates; an issue's number is searched.
DROP INDEX "warehouse_take_out_search_idx";--> statement-breakpoint
-- A warehouse receipt is dated by its slip, which is now required. A receipt saved without one (no period's statement
-- could count it) takes the day it was recorded, the nearest day known of it, and stays open to correction.
UPDATE "warehouse_take_in" SET "bill_date" = ("created_at" AT TIME ZONE 'UTC')::date WHERE "bill_date" IS NULL;--> statement-breakpoint
ALTER TABLE "warehouse_take_in" ALTER COLUMN "bill_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouse_take_out" ADD COLUMN "bill_no" text;--> statement-breakpoint
CREATE INDEX "warehouse_take_out_search_idx" ON "warehouse_take_out" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("bill_no", '')) gin_trgm_ops);
