-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "credit_accounts" (
    "org_id" TEXT NOT NULL,
    "balance" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_accounts_pkey" PRIMARY KEY ("org_id")
);

-- CreateTable
CREATE TABLE "credit_ledger" (
    "id" BIGSERIAL NOT NULL,
    "org_id" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "endpoint" TEXT,
    "amount" INTEGER NOT NULL,
    "balance_after" INTEGER NOT NULL,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_ledger_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "org_id" TEXT NOT NULL,
    "tier" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "strategy_sessions" (
    "id" TEXT NOT NULL,
    "org_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "strategy_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "session_turns" (
    "id" BIGSERIAL NOT NULL,
    "session_id" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "primary_framework" TEXT NOT NULL,
    "frameworks" TEXT[],
    "strategic_focus" TEXT,
    "confidence" INTEGER NOT NULL,
    "industry" TEXT,
    "business_stage" TEXT,
    "role" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "session_turns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "request_log" (
    "id" BIGSERIAL NOT NULL,
    "request_id" TEXT NOT NULL,
    "trace_id" TEXT NOT NULL,
    "org_id" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "auth_method" TEXT NOT NULL,
    "principal" TEXT NOT NULL,
    "app_context" TEXT,
    "session_id" TEXT,
    "status" INTEGER NOT NULL,
    "error_code" TEXT,
    "credits_used" INTEGER NOT NULL DEFAULT 0,
    "engine" TEXT,
    "duration_ms" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "request_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "credit_ledger_org_id_created_at_idx" ON "credit_ledger"("org_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "credit_ledger_request_id_kind_key" ON "credit_ledger"("request_id", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_fingerprint_key" ON "api_keys"("fingerprint");

-- CreateIndex
CREATE INDEX "api_keys_org_id_idx" ON "api_keys"("org_id");

-- CreateIndex
CREATE INDEX "strategy_sessions_org_id_idx" ON "strategy_sessions"("org_id");

-- CreateIndex
CREATE INDEX "session_turns_session_id_created_at_idx" ON "session_turns"("session_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "request_log_request_id_key" ON "request_log"("request_id");

-- CreateIndex
CREATE INDEX "request_log_org_id_created_at_idx" ON "request_log"("org_id", "created_at");

-- CreateIndex
CREATE INDEX "request_log_trace_id_idx" ON "request_log"("trace_id");

-- AddForeignKey
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "credit_accounts"("org_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "session_turns" ADD CONSTRAINT "session_turns_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "strategy_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
