// The first real pages: sys-blocked and sys-maintenance with and without slug, the 404 for unknown
// and unbuilt routes, keyboard reach, a phone-sized viewport, the chunk-reload guard and link
// prefetch. Screenshots of both pages in both brandings land in test-results/screens/.
import { expect, test, type Page } from '@playwright/test';

const VERDANT = 'Verdant Exchange';
const VERDANT_SUPPORT = /^support@/;

function hostOrigin(baseURL: string | undefined, host: string): string {
  const url = new URL(baseURL ?? 'http://localhost:8180');
  url.hostname = host;
  return url.origin;
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

test.describe('blocked page', () => {
  test('without a slug explains the restriction and offers support', async ({ page }) => {
    const response = await page.goto('/sys-blocked');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Access to ${VERDANT} is restricted`);
    await expect(page.getByRole('link', { name: VERDANT_SUPPORT })).toHaveAttribute('href', /^mailto:support@/);
    await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', /^https:\/\//);
    await expect(page.getByRole('img', { name: VERDANT })).toBeVisible();
    await expect(page.getByText(/Verdant Exchange Ltd/).last()).toBeVisible();
  });

  const slugs: [string, string | RegExp][] = [
    ['country', `${VERDANT} is not available in your country or region`],
    ['account', 'This account has been blocked'],
    ['ip', 'Access from your network is blocked'],
    // An unknown reason still tells the visitor they are blocked (see member-app/status/status-slugs.ts).
    ['sanctions-list', `Access to ${VERDANT} is restricted`],
  ];
  for (const [slug, heading] of slugs) {
    test(`with the slug "${slug}" shows its own heading`, async ({ page }) => {
      const response = await page.goto(`/sys-blocked/${slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByText('This page could not be found')).toHaveCount(0);
    });
  }

  test('for a blocked account names the support email in the explanation', async ({ page }) => {
    await page.goto('/sys-blocked/account');
    await expect(page.locator('.status-card__body')).toContainText(/write to support@\S+\./);
  });
});

test.describe('maintenance page', () => {
  test('without a slug says it will be back and offers Try again', async ({ page }) => {
    const response = await page.goto('/sys-maintenance');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We’ll be back soon');
    await expect(page.getByText('Under maintenance')).toBeVisible();
    await expect(page.getByRole('link', { name: VERDANT_SUPPORT })).toBeVisible();
  });

  test('with the slug "wallets" names the area under maintenance', async ({ page }) => {
    await page.goto('/sys-maintenance/wallets');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wallets are under maintenance');
  });

  test('Try again reloads the page', async ({ page }) => {
    await page.goto('/sys-maintenance/checkout');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout is under maintenance');
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Try again' }).click()]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout is under maintenance');
    expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
  });
});

test.describe('routes without a page', () => {
  test('an unknown route shows the 404 text with HTTP 404', async ({ page }) => {
    const response = await page.goto('/sys-blocked/country/extra');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
  });

  for (const path of ['/sys-remitflow/buy/widget', '/sys-markets/prices/no-such-coin']) {
    test(`${path} (no such page) answers HTTP 404 with the 404 text, not a blank screen`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
    });
  }

  test('/error in the iframe app shows the error page texts', async ({ page }) => {
    await page.goto('/sys-flow/error');
    await expect(page.getByText("We're unable to find the page you're looking for.")).toBeVisible();
    await expect(page.getByText('We are very sorry for inconvenience. The application has encountered an unknown error.')).toBeVisible();
    await expect(page.locator('.error-code')).toHaveText('500');
  });
});

test.describe('keyboard and small screens', () => {
  test('the keyboard reaches the skip link, Try again and the support contacts', async ({ page }) => {
    await page.goto('/sys-maintenance/trading');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const reached: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    expect(reached[0]).toBe('Skip to main content');
    expect(reached).toContain('Try again');
    expect(reached.some((text) => /^support@/.test(text))).toBe(true);
    expect(reached).toContain('Contact support');
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/sys-blocked/country');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('a 375x812 viewport shows no horizontal scroll', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const path of ['/sys-blocked/country', '/sys-maintenance/wallets', '/sys-blocked/x/y']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await noHorizontalScroll(page);
    }
  });
});

test.describe('route chunks', () => {
  test('a failed chunk reloads the page once, then shows the error page', async ({ page }) => {
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1;
    });
    await page.route(/\/static\/member-app\/blocked-page-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/sys-blocked/country');
    await expect(page.getByText('We are very sorry for inconvenience. The application has encountered an unknown error.')).toBeVisible();
    expect(documents).toBe(2);
  });

  test('a link prefetches its route chunk when the browser is idle', async ({ page }) => {
    const chunk = page.waitForRequest(/\/static\/member-app\/blocked-page-[^/]+\.js$/, { timeout: 5000 });
    // The 404 page of sys-blocked links home, whose page is the blocked page's chunk.
    await page.goto('/sys-blocked/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
    await chunk;
  });

  test('with data-saver on, links do not prefetch', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } });
    });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/sys-blocked/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
    await page.waitForTimeout(2500);
    expect(requested.filter((url) => /blocked-page-/.test(url))).toEqual([]);
  });
});

test.describe('screenshots', () => {
  const brands = [
    ['verdant', 'localhost'],
    ['harbor', 'wl2.localhost'],
  ] as const;
  const viewports = [
    ['desktop', { width: 1280, height: 900 }],
    ['mobile', { width: 375, height: 812 }],
  ] as const;
  for (const [brand, host] of brands) {
    for (const [device, size] of viewports) {
      test(`blocked and maintenance, ${brand}, ${device}`, async ({ page, baseURL }) => {
        await page.setViewportSize(size);
        for (const [name, path] of [['blocked', '/sys-blocked/country'], ['maintenance', '/sys-maintenance/wallets']] as const) {
          await page.goto(`${hostOrigin(baseURL, host)}${path}`);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.getByRole('img').first()).toBeVisible();
          await page.screenshot({ path: `test-results/screens/${name}-${brand}-${device}.png`, fullPage: true });
        }
      });
    }
  }
});
