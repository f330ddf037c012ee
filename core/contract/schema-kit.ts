// The building blocks every request schema of the contract is made of, where valibot's own are too
// lenient for input that crosses a trust boundary:
//   - valibot's object() accepts an array (typeof [] is 'object'), so {"billing": ["x"]} read as an
//     empty billing object and a top-level array body as an object with every optional key missing.
//     object() and strictObject() here refuse arrays with the object's own message.
//   - query strings are text; Number('0x10') is 16 and Number('1e2') is 100. queryInteger() takes
//     plain decimal digits only.
// Answer schemas use valibot's own object(): they describe what our server sends, not untrusted input.

import * as v from 'valibot';

type ObjectMessage = v.ErrorMessage<v.ObjectIssue> | undefined;
type StrictObjectMessage = v.ErrorMessage<v.StrictObjectIssue> | undefined;

/** Wraps a schema's run so an array input fails as the wrong type before the schema sees it. */
function refuseArrays<TSchema extends v.GenericSchema>(schema: TSchema): TSchema {
  const run = schema['~run'];
  function guardedRun(this: TSchema, dataset: v.UnknownDataset, config: v.Config<v.BaseIssue<unknown>>) {
    if (!Array.isArray(dataset.value)) return run.call(this, dataset, config);
    v._addIssue(this, 'type', dataset, config);
    return dataset as unknown as ReturnType<TSchema['~run']>;
  }
  const wrapped: TSchema = {
    ...schema,
    '~run': guardedRun,
    // Standard Schema consumers call ~standard.validate, which must go through the guard too.
    '~standard': { ...schema['~standard'], validate: (value: unknown) => guardedRun.call(wrapped, { value }, v.getGlobalConfig()) },
  };
  return wrapped;
}

// Marked free of side effects like valibot's own functions: the bundler cannot tell by itself (they read
// the schema's properties), and would otherwise keep the request schemas of every endpoint a bundle never calls.

/** valibot's object(), refusing arrays. */
/* @__NO_SIDE_EFFECTS__ */
export function object<const TEntries extends v.ObjectEntries, const TMessage extends ObjectMessage = undefined>(
  entries: TEntries,
  message?: TMessage,
): v.ObjectSchema<TEntries, TMessage> {
  return refuseArrays(v.object(entries, message as TMessage));
}

/** valibot's strictObject() (unknown keys are an error), refusing arrays. */
/* @__NO_SIDE_EFFECTS__ */
export function strictObject<const TEntries extends v.ObjectEntries, const TMessage extends StrictObjectMessage = undefined>(
  entries: TEntries,
  message?: TMessage,
): v.StrictObjectSchema<TEntries, TMessage> {
  return refuseArrays(v.strictObject(entries, message as TMessage));
}

/**
 * A whole number in a query string: plain decimal digits, no sign, exponent, hex or spaces, at most
 * `max`; absent means `fallback`. (Query values are always text, so a number type is never sent.)
 */
export function queryInteger(fallback: number, min: number, max: number) {
  return v.optional(
    v.pipe(
      v.string(`Use a whole number from ${min} to ${max}.`),
      v.regex(/^[0-9]{1,9}$/, `Use a whole number from ${min} to ${max}, written in digits.`),
      v.transform((digits) => Number.parseInt(digits, 10)),
      v.minValue(min, `Use ${min} or more.`),
      v.maxValue(max, `Use at most ${max}.`),
    ),
    String(fallback),
  );
}
