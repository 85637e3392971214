-- data (docs/decisions/0406-districts-are-data.md): districts are stored by their slug, not their display name. No
-- column, type or constraint changes; every row that names a district by the name today's form sends is given the
-- district's slug. Hand-written: the names here are history (what earlier releases stored), so they stay written out
-- even if the content renames a district later. A release reading this schema reads either form (schema.ts), so a row
-- the previous release writes during a rolling upgrade still reads right; the next release repeats these statements
-- (they change nothing twice) so that such rows are found by the district filters too.
UPDATE "interest_submissions" SET "district" = CASE "district" WHEN 'Lugbe, Abuja' THEN 'd1' WHEN 'Moniya, Ibadan' THEN 'd2' END
  WHERE "district" IN ('Lugbe, Abuja', 'Moniya, Ibadan');--> statement-breakpoint
UPDATE "inspection_schedules" SET "district" = CASE "district" WHEN 'Lugbe, Abuja' THEN 'd1' WHEN 'Moniya, Ibadan' THEN 'd2' END
  WHERE "district" IN ('Lugbe, Abuja', 'Moniya, Ibadan');--> statement-breakpoint
UPDATE "inspection_slots" SET "district" = CASE "district" WHEN 'Lugbe, Abuja' THEN 'd1' WHEN 'Moniya, Ibadan' THEN 'd2' END
  WHERE "district" IN ('Lugbe, Abuja', 'Moniya, Ibadan');
