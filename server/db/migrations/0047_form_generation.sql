-- The generation of the finalization forms a company's reports follow (Circular 39/2018 or 121/2025); null follows each
-- period's end date.
ALTER TABLE "companies" ADD COLUMN "form_generation" text;
