DROP TABLE test_network_txs;
DROP TABLE test_network_state;
DROP TABLE chain_payments;
DROP TABLE chain_addresses;
DROP SEQUENCE chain_index_ethereum;
DROP SEQUENCE chain_index_bitcoincash;
DROP SEQUENCE chain_index_litecoin;
DROP SEQUENCE chain_index_bitcoin;
