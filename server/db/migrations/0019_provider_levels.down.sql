DROP TABLE limit_usage;
ALTER TABLE providers DROP COLUMN levels;
