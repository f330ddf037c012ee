import { describe, expect, it } from 'vitest';
import { pageInfo } from './page-info.ts';

describe('which rows a page shows', () => {
  it.each([
    { page: 1, perPage: 20, total: 0, expected: { pages: 1, first: 0, last: 0 } },
    { page: 1, perPage: 20, total: 8, expected: { pages: 1, first: 1, last: 8 } },
    { page: 2, perPage: 20, total: 57, expected: { pages: 3, first: 21, last: 40 } },
    { page: 3, perPage: 20, total: 57, expected: { pages: 3, first: 41, last: 57 } },
    { page: 9, perPage: 20, total: 57, expected: { pages: 3, first: 57, last: 57 } },
  ])('page $page of $total rows, $perPage a page: $expected.first–$expected.last of $expected.pages pages', ({ page, perPage, total, expected }) => {
    expect(pageInfo(page, perPage, total)).toEqual({ page, total, ...expected });
  });
});
