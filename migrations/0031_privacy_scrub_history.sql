-- state_history stays append-only except inside a suppression's scrub step (decision 0418): that
-- batch inserts the marker row into privacidad_depuracion, rewrites the erased values and deletes
-- the marker, all in one transaction.
DROP TRIGGER IF EXISTS state_history_no_update;
--> statement-breakpoint
CREATE TRIGGER state_history_no_update BEFORE UPDATE ON state_history WHEN NOT EXISTS (SELECT 1 FROM privacidad_depuracion) BEGIN SELECT RAISE(ABORT, 'state_history is append-only'); END;
