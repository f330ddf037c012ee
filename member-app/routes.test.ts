import { describe, expect, it } from 'vitest';
import { MODULE_APP, MODULE_PAGES as PAGES_WITH_A_PAGE, MODULE_ROUTES, MODULES } from '#core/modules.ts';
import { isMemberModule } from './member-module.ts';
import { MODULE_PAGES } from './routes.ts';

describe('the member app routes', () => {
  it('serves exactly the modules core/modules.ts gives the member app', () => {
    expect(Object.keys(MODULE_PAGES).sort()).toEqual(MODULES.filter((m) => MODULE_APP[m] === 'member-app').sort());
    expect(MODULES.filter(isMemberModule).sort()).toEqual(Object.keys(MODULE_PAGES).sort());
  });

  it('only has pages at paths the server also knows (so the server never 404s a real page)', () => {
    for (const [module, pages] of Object.entries(MODULE_PAGES)) {
      for (const page of pages) expect(MODULE_ROUTES[module as keyof typeof MODULE_ROUTES], `${module} ${page.path}`).toContain(page.path);
    }
  });

  it('leaves /error to the shared error page in every module', () => {
    for (const pages of Object.values(MODULE_PAGES)) expect(pages.map((p) => p.path)).not.toContain('/error');
  });

  it('has a page at exactly the paths core/modules.ts says have one (the server answers 200 there and 404 elsewhere)', () => {
    for (const [module, pages] of Object.entries(MODULE_PAGES)) {
      expect(pages.map((page) => page.path).sort(), module).toEqual([...PAGES_WITH_A_PAGE[module as keyof typeof PAGES_WITH_A_PAGE]].sort());
    }
  });
});
