import { describe, expect, it } from 'vitest';
import { MODULE_APP, MODULE_PAGES as PAGES_WITH_A_PAGE, MODULE_ROUTES, MODULES } from '#core/modules.ts';
import { MODULE_PAGES } from './routes.ts';

describe('the iframe app routes', () => {
  it('serves exactly the modules core/modules.ts gives the iframe app', () => {
    expect(Object.keys(MODULE_PAGES).sort()).toEqual(MODULES.filter((m) => MODULE_APP[m] === 'iframe-app').sort());
  });

  it('only has pages at paths the server also knows', () => {
    for (const [module, pages] of Object.entries(MODULE_PAGES)) {
      for (const page of pages) expect(MODULE_ROUTES[module as keyof typeof MODULE_ROUTES]).toContain(page.path);
    }
  });

  it('has a page at exactly the paths core/modules.ts says have one (the server answers 200 there and 404 elsewhere)', () => {
    for (const [module, pages] of Object.entries(MODULE_PAGES)) {
      expect(pages.map((page) => page.path).sort(), module).toEqual([...PAGES_WITH_A_PAGE[module as keyof typeof PAGES_WITH_A_PAGE]].sort());
    }
  });
});
