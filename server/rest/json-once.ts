/**
 * JSON of a view that never changes once made (a cached public view, the start-up graph of a
 * content version), made once per view object and kept while the view lives: the REST door sends
 * the same text again without serializing (see ARCHITECTURE.md).
 */
const made = new WeakMap<object, string>();

export function jsonOnce(view: object): string {
  let json = made.get(view);
  if (json === undefined) made.set(view, (json = JSON.stringify(view)));
  return json;
}
