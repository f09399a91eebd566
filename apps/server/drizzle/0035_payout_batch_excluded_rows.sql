-- Issue 40: the rows of an upload left out of its batch (excluded in the preview, with the problems each had), so the
-- result file lists every row of the upload with its fate. A constant default changes the catalogue only.
ALTER TABLE "payout_batch" ADD COLUMN "excluded_rows" jsonb DEFAULT '[]'::jsonb NOT NULL;
