-- Hand-written (after the enum value exists and is committed): until this
-- release a sign-in through any app of an organisation made the person a
-- `member` of it, and no other code created memberships. Every `member` row is
-- therefore treated as created by a sign-in and becomes `user` (no rights in
-- the organisation); a member an operator had added by hand in SQL cannot be
-- told apart and must be granted again with `latchkey org members add`.
-- `owner` and `admin` rows were never written by sign-in and are kept.
UPDATE "memberships" SET "role" = 'user' WHERE "role" = 'member';
