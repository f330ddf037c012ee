// The merchant's widget theme and details as the widget reads them (spec §3 "Widget theme"), with the
// spec's defaults filled in, so the widget and the merchant API answer the same values.

import type { WidgetSettingsAnswer } from '../contract/merchant-info.ts';
import { DEFAULT_MERCHANT_NAME, DEFAULT_PRODUCT } from '../rules/widget-header.ts';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '../whitelabel.ts';

export interface StoredWidgetSettings {
  widget_product_name?: string;
  widget_merchant_name?: string;
  widget_return_url?: string;
  widget_theme_logo_url?: string;
  widget_theme_primary_color?: string;
  widget_theme_secondary_color?: string;
  widget_logo_size?: string;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

function text(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function widgetSettingsAnswer(stored: StoredWidgetSettings): WidgetSettingsAnswer {
  const size = stored.widget_logo_size;
  return {
    widget_product_name: text(stored.widget_product_name) ?? DEFAULT_PRODUCT,
    widget_merchant_name: text(stored.widget_merchant_name) ?? DEFAULT_MERCHANT_NAME,
    widget_return_url: text(stored.widget_return_url),
    widget_theme_logo_url: text(stored.widget_theme_logo_url),
    // A malformed colour falls back to the default rather than reaching the widget's CSSOM.
    widget_theme_primary_color: stored.widget_theme_primary_color && HEX.test(stored.widget_theme_primary_color) ? stored.widget_theme_primary_color : DEFAULT_PRIMARY_COLOR,
    widget_theme_secondary_color: stored.widget_theme_secondary_color && HEX.test(stored.widget_theme_secondary_color) ? stored.widget_theme_secondary_color : DEFAULT_SECONDARY_COLOR,
    widget_logo_size: size === 'Large' || size === 'Medium' || size === 'Small' ? size : 'Large',
  };
}
