/**
 * A generated operation type with some of its fields typed as their readers know them.
 * The SDL types settings, configurations, contexts and other documents only as `JSON`
 * (`unknown` in the generated types); the SDK names what the server puts there.
 *
 * @public
 */
export type WithJsonFields<
  TGenerated,
  TFields extends Partial<Record<keyof TGenerated, unknown>>,
> = Omit<TGenerated, keyof TFields> & TFields;
