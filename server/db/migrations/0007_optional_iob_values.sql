ALTER TABLE "accounting_iob" ALTER COLUMN "name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_iob" ALTER COLUMN "unit" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_iob" ALTER COLUMN "begin_value" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_iob" ALTER COLUMN "end_value" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouse_iob" ALTER COLUMN "name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouse_iob" ALTER COLUMN "unit" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouse_iob" ALTER COLUMN "begin_value" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouse_iob" ALTER COLUMN "take_in_value" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouse_iob" ALTER COLUMN "take_out_value" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouse_iob" ALTER COLUMN "end_value" DROP NOT NULL;