-- Hand-written: the balance can never go below zero, whatever the caller does,
-- and ledger kinds are a closed set.
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_balance_nonnegative" CHECK ("balance" >= 0);
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_kind_check" CHECK ("kind" IN ('grant', 'debit', 'refund'));
