// Spec §3, the coin info entity: coin_name, iso (ticker), section (list). Each section has a heading
// (may be empty), p (a list of objects with text) and optionally ul (a list of objects with heading and
// text). The field names are the spec's own, snake_case included, so the entity can travel as it is.
// Limits are generous for prose but keep a malformed or runaway text from reaching a page.

import * as v from 'valibot';

const MAX_TEXT = 1_200;
const MAX_HEADING = 120;

const Text = (max: number) => v.pipe(v.string('Send text.'), v.maxLength(max, `Use at most ${max} characters.`));
const NonEmptyText = (max: number) => v.pipe(Text(max), v.trim(), v.nonEmpty('Write some text.'));

export const CoinInfoParagraphSchema = v.strictObject({ text: NonEmptyText(MAX_TEXT) });

export const CoinInfoListItemSchema = v.strictObject({
  heading: NonEmptyText(MAX_HEADING),
  text: NonEmptyText(MAX_TEXT),
});

export const CoinInfoSectionSchema = v.strictObject({
  /** May be empty (spec §3): an opening section reads as the page's lead without a heading of its own. */
  heading: Text(MAX_HEADING),
  p: v.pipe(v.array(CoinInfoParagraphSchema), v.maxLength(12, 'Use at most 12 paragraphs in a section.')),
  ul: v.optional(v.pipe(v.array(CoinInfoListItemSchema), v.nonEmpty('Leave ul out rather than send an empty list.'), v.maxLength(12, 'Use at most 12 list items.'))),
});

export const CoinInfoSchema = v.strictObject({
  coin_name: NonEmptyText(60),
  iso: v.pipe(v.string('Send the ticker.'), v.regex(/^[A-Z0-9]{2,10}$/, 'Write the ticker in capitals, like BTC.')),
  section: v.pipe(v.array(CoinInfoSectionSchema), v.maxLength(10, 'Use at most 10 sections.')),
});

export type CoinInfoParagraph = v.InferOutput<typeof CoinInfoParagraphSchema>;
export type CoinInfoListItem = v.InferOutput<typeof CoinInfoListItemSchema>;
export type CoinInfoSection = v.InferOutput<typeof CoinInfoSectionSchema>;
export type CoinInfo = v.InferOutput<typeof CoinInfoSchema>;
