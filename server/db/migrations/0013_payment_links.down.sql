DROP TABLE payment_link_payments;
DROP TABLE payment_links;
