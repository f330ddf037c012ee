DROP TABLE bank_payments;
