-- HS codes are kept as their digits (8516.60.10 → 85166010): the same code no longer has two spellings.
UPDATE "ecus_lines" SET "hs" = regexp_replace("hs", '[.[:space:]]', '', 'g') WHERE "hs" ~ '[.[:space:]]';--> statement-breakpoint
UPDATE "ecus_cancel_records" SET "hs" = regexp_replace("hs", '[.[:space:]]', '', 'g') WHERE "hs" ~ '[.[:space:]]';--> statement-breakpoint
UPDATE "purchases" SET "hs" = regexp_replace("hs", '[.[:space:]]', '', 'g') WHERE "hs" ~ '[.[:space:]]';--> statement-breakpoint
UPDATE "purchase_stock" SET "hs" = regexp_replace("hs", '[.[:space:]]', '', 'g') WHERE "hs" ~ '[.[:space:]]';--> statement-breakpoint
UPDATE "annex_lines" SET "hs" = regexp_replace("hs", '[.[:space:]]', '', 'g') WHERE "hs" ~ '[.[:space:]]';
