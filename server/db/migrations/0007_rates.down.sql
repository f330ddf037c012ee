DROP TABLE quotes;
DROP TABLE coupons;
DROP TABLE provider_asset_pricing;
DROP TABLE provider_pricing;
