-- AlterEnum
ALTER TYPE "Role" ADD VALUE 'user';

-- AlterTable
ALTER TABLE "memberships" ALTER COLUMN "role" DROP DEFAULT;

-- CreateIndex
CREATE INDEX "memberships_organisation_id_idx" ON "memberships"("organisation_id");
