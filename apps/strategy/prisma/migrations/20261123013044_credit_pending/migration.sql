-- CreateTable
CREATE TABLE "credit_pending" (
    "request_id" TEXT NOT NULL,
    "org_id" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_pending_pkey" PRIMARY KEY ("request_id")
);

-- CreateIndex
CREATE INDEX "credit_pending_created_at_idx" ON "credit_pending"("created_at");
