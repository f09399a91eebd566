-- Issue 39: an attempt is recorded before its request goes out (answered false) and completed with its answer, so a
-- crash between the two leaves the attempt counted with its outcome unknown. Earlier rows were written after their
-- answer: true. A constant default is a change of the catalogue only (no rewrite of the table).
ALTER TABLE "callback_attempt" ADD COLUMN "answered" boolean DEFAULT true NOT NULL;
