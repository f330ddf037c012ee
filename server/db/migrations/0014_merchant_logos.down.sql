DROP TABLE merchant_logos;
