-- A warehouse receipt saved before its slip date was required keeps the date empty: it counts in no period until
-- someone dates it, instead of being given the day it was recorded, which nobody wrote. New receipts and imports still
-- need the date (the table's definition says so); only the column accepts the older rows' empty value.
ALTER TABLE "warehouse_take_in" ALTER COLUMN "bill_date" DROP NOT NULL;
