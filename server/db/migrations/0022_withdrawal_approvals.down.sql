-- A withdrawal still held fits none of the old statuses, and turning it into 'pending' would send it
-- unapproved: approve or reject every held withdrawal in the console first.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM money_transactions WHERE status = 'awaiting_approval') THEN
    RAISE EXCEPTION 'withdrawals are still awaiting approval: approve or reject them in the console before rolling back';
  END IF;
END $$;
DROP TABLE withdrawal_approvals;
DROP TABLE withdrawal_approval_settings;
DROP INDEX money_transactions_awaiting_approval;
ALTER TABLE money_transactions DROP CONSTRAINT money_transactions_status_check;
ALTER TABLE money_transactions ADD CONSTRAINT money_transactions_status_check
  CHECK (status IN ('initial', 'pending', 'completed', 'canceled', 'failed'));
