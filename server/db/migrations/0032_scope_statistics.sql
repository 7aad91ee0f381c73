-- A list without a search answers the planner's estimate of its count (server/resources/list-rows.ts). A folder set
-- belongs to one company, but the planner takes the two conditions every list carries for independent and would
-- multiply their shares; these statistics tell it that the folder set decides the company.
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'r'
       AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped)
       AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'folder_set_id' AND NOT a.attisdropped)
  LOOP
    EXECUTE format('CREATE STATISTICS IF NOT EXISTS %I (dependencies) ON company_id, folder_set_id FROM %I', t || '_scope_stats', t);
  END LOOP;
END $$;
