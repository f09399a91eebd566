-- Issue 39: the idle limit of a session. A person's request moves last_seen_at (at most once a minute); a session
-- unused past its limit (SESSION_IDLE_MINUTES_PLATFORM / _MERCHANT) answers 401 TOKEN_EXPIRED. Sessions open when
-- this runs start their idle time now.
ALTER TABLE "session" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;
