-- AlterTable
ALTER TABLE "session_turns" ADD COLUMN     "summary" TEXT;
