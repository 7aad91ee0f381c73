-- Form 16 looks up, for each product and material it lists, whether the BOM marks the material TH or SPTN (Circular
-- 121). Few lines carry a mark: read through the index of the product's and material's lines, each lookup filtered
-- the pair's versions one by one (0.19 ms a pair, 190 ms of Form 16 over 500,000 BOM lines); this index holds only the
-- marked lines.
CREATE INDEX "bom_lines_marked_idx" ON "bom_lines" ("company_id", "folder_set_id", "code", "material_code") WHERE upper(trim("note")) IN ('TH', 'SPTN');
