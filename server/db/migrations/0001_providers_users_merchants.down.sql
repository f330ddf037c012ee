DROP TABLE merchants;
DROP TABLE users;
DROP TABLE provider_hosts;
DROP TABLE providers;
