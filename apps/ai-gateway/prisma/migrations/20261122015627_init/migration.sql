-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "solutions" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "solutions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gateway_keys" (
    "id" TEXT NOT NULL,
    "solution_id" TEXT NOT NULL,
    "name" TEXT,
    "fingerprint" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "models" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "rpm" INTEGER,
    "tpm" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "gateway_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "usage_records" (
    "id" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "solution_id" TEXT NOT NULL,
    "key_id" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "route" TEXT NOT NULL,
    "stream" BOOLEAN NOT NULL DEFAULT false,
    "input_tokens" INTEGER NOT NULL DEFAULT 0,
    "output_tokens" INTEGER NOT NULL DEFAULT 0,
    "cached_tokens" INTEGER NOT NULL DEFAULT 0,
    "status" INTEGER NOT NULL,
    "latency_ms" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "usage_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "gateway_keys_fingerprint_key" ON "gateway_keys"("fingerprint");

-- CreateIndex
CREATE INDEX "gateway_keys_solution_id_idx" ON "gateway_keys"("solution_id");

-- CreateIndex
CREATE INDEX "usage_records_solution_id_created_at_idx" ON "usage_records"("solution_id", "created_at");

-- CreateIndex
CREATE INDEX "usage_records_key_id_created_at_idx" ON "usage_records"("key_id", "created_at");

-- AddForeignKey
ALTER TABLE "gateway_keys" ADD CONSTRAINT "gateway_keys_solution_id_fkey" FOREIGN KEY ("solution_id") REFERENCES "solutions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
