-- Bumped by every lookup import, so that servers keeping search answers in memory notice data loaded by another process.
CREATE TABLE lookup_data_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO lookup_data_version (version) VALUES (1);
