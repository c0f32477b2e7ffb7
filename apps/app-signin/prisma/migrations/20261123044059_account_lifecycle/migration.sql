-- AlterTable
ALTER TABLE "apps" ADD COLUMN     "mail_from" TEXT,
ADD COLUMN     "mail_link_base" TEXT,
ADD COLUMN     "mail_subjects" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "require_email_verification" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "user_deletion" TEXT NOT NULL DEFAULT 'delete';

-- CreateTable
CREATE TABLE "auth_providers" (
    "app_id" TEXT NOT NULL,
    "provider_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "client_secret" TEXT NOT NULL,
    "issuer" TEXT,
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "auth_providers_pkey" PRIMARY KEY ("app_id","provider_id")
);

-- AddForeignKey
ALTER TABLE "auth_providers" ADD CONSTRAINT "auth_providers_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE CASCADE;
