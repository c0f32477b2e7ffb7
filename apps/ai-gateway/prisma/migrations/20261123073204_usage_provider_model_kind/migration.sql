-- AlterTable
ALTER TABLE "usage_records" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'call',
ADD COLUMN     "provider_model" TEXT NOT NULL DEFAULT '';
