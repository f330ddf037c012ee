import { describe, expect, it } from 'vitest';
import { widgetSettingsAnswer } from './widget-settings.ts';

describe('widgetSettingsAnswer', () => {
  it('fills the spec §3 defaults when the merchant set nothing', () => {
    expect(widgetSettingsAnswer({})).toEqual({
      widget_product_name: 'Merchandise',
      widget_merchant_name: 'Brand Name',
      widget_return_url: null,
      widget_theme_logo_url: null,
      widget_theme_primary_color: '#053f2e',
      widget_theme_secondary_color: '#096e52',
      widget_logo_size: 'Large',
    });
  });

  it('keeps what the merchant set, and drops a malformed colour or size for the default', () => {
    const answer = widgetSettingsAnswer({ widget_merchant_name: ' Shop ', widget_theme_primary_color: '#112233', widget_theme_secondary_color: 'red;}', widget_logo_size: 'Huge' });
    expect(answer).toMatchObject({ widget_merchant_name: 'Shop', widget_theme_primary_color: '#112233', widget_theme_secondary_color: '#096e52', widget_logo_size: 'Large' });
  });
});
