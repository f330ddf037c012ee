DROP TABLE chain_watch_status;
