DROP TABLE price_bars;
