-- One unique index on users' addresses instead of two. users_email_lower_key (migration 0002: unique on
-- lower(email)) already made an address unique whatever its case, and emails are stored lower-cased, so the unique
-- index on email itself (users_email_key) decided nothing more; it only served lookups written `email = $1`, which
-- now read `lower(email) = $1` (schema.ts emailIs) and probe the other index. Every users write (version bump
-- included) had to add an entry to it: a batched profile edit cost 531–557 µs of the server's time with it and
-- 482–501 µs without (PGlite, in process, alternated four times).
DROP INDEX "users_email_key";
