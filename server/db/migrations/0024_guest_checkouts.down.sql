DROP TABLE guest_checkout_sessions;
DROP TABLE guest_checkouts;
