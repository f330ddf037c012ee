DROP TABLE chain_payment_inputs;
