-- Issue 41: where the primary's WAL was after a user's last dashboard write; a read goes to the replica only once it has replayed that far.
ALTER TABLE "app_user" ADD COLUMN "write_lsn" bigint;
