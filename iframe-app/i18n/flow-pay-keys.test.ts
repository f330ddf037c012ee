// The card and identity texts (flow-pay-*.ts) are spread into the flow's catalogue among keys written by
// other pages; a key written twice silently takes the later text, as the card's /processing once showed the
// bank's "Your bank payment". Every text of the pay catalogue must reach the flow's catalogue as written.
import { describe, expect, it } from 'vitest';
import { flowEn } from './flow-en.ts';
import { flowEs } from './flow-es.ts';
import { flowPayEn } from './flow-pay-en.ts';
import { flowPayEs } from './flow-pay-es.ts';

describe.each([
  { language: 'en', pay: flowPayEn as Record<string, string>, flow: flowEn as Record<string, string> },
  { language: 'es', pay: flowPayEs as Record<string, string>, flow: flowEs as Record<string, string> },
])('the flow catalogue ($language)', ({ pay, flow }) => {
  it('keeps every card and identity text: no other page reuses one of their keys', () => {
    const overridden = Object.keys(pay).filter((key) => flow[key] !== pay[key]);
    expect(overridden).toEqual([]);
  });
});
