-- Sessions are keyed by (organisation, client id): a sessionId is a key within its organisation.
-- DropForeignKey
ALTER TABLE "session_turns" DROP CONSTRAINT "session_turns_session_id_fkey";

-- DropIndex
DROP INDEX "strategy_sessions_org_id_idx";

-- DropIndex
DROP INDEX "session_turns_session_id_created_at_idx";

-- AlterTable
ALTER TABLE "strategy_sessions" DROP CONSTRAINT "strategy_sessions_pkey",
ADD CONSTRAINT "strategy_sessions_pkey" PRIMARY KEY ("org_id", "id");

-- AlterTable (existing turns take their session's organisation, then the column is required)
ALTER TABLE "session_turns" ADD COLUMN     "org_id" TEXT;
UPDATE "session_turns" t SET "org_id" = s."org_id" FROM "strategy_sessions" s WHERE s."id" = t."session_id";
ALTER TABLE "session_turns" ALTER COLUMN "org_id" SET NOT NULL;

-- CreateIndex
CREATE INDEX "session_turns_org_id_session_id_created_at_idx" ON "session_turns"("org_id", "session_id", "created_at");

-- AddForeignKey
ALTER TABLE "session_turns" ADD CONSTRAINT "session_turns_org_id_session_id_fkey" FOREIGN KEY ("org_id", "session_id") REFERENCES "strategy_sessions"("org_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
