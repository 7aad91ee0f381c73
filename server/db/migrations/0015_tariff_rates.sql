-- Duty rates of a tariff line per schedule (ordinary, MFN, an agreement code, RCEP's partner groups), as published:
-- the number where the cell is one, the text always, the excepted countries of a "0 (-BN, KH)" cell.
CREATE TABLE lookup_tariff_rate (
  year smallint NOT NULL,
  line_id text NOT NULL,
  schedule text NOT NULL,
  kind text NOT NULL,
  percent numeric(7, 3),
  published text NOT NULL,
  except_countries text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (year, line_id, schedule)
);
--> statement-breakpoint
-- "Lines with 0% under EVFTA": the filter reads rates by schedule and value.
CREATE INDEX lookup_tariff_rate_schedule_idx ON lookup_tariff_rate (year, schedule, percent);
