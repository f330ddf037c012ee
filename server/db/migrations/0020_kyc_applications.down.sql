DROP TABLE kyc_applications;
