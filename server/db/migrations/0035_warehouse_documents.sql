-- Warehouse receipts and issues carry their own slip numbers and dates; an issue's number is searched.
DROP INDEX "warehouse_take_out_search_idx";--> statement-breakpoint
-- A warehouse receipt is dated by its slip, which new receipts must give; receipts saved without one keep it empty
-- (see 0051), rather than be given the day they were recorded.
ALTER TABLE "warehouse_take_out" ADD COLUMN "bill_no" text;--> statement-breakpoint
CREATE INDEX "warehouse_take_out_search_idx" ON "warehouse_take_out" USING gin (fold_text(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("bill_no", '')) gin_trgm_ops);
