// Reading a synced trait.

const parsed = new WeakMap(); // model -> Map(trait -> [text, value])

/**
 * A trait's value.  Python sends the structured traits as JSON text
 * (nations_widget/widget/shell/wire.py: it spares the kernel ipywidgets' walk of every
 * update for binary buffers, and the model a deep comparison); the text is parsed once per
 * change, so an unchanged trait gives the same object at every draw.  Only a dict or list
 * sent as text is parsed (it starts with "{" or "["); any other value (a plain string
 * trait, a test's mock model holding objects) is taken as it is.
 */
export function traitValue(model, name) {
  const value = model.get(name);
  if (typeof value !== "string" || (value[0] !== "{" && value[0] !== "[")) return value;
  let cache = parsed.get(model);
  if (!cache) parsed.set(model, (cache = new Map()));
  const hit = cache.get(name);
  if (hit && hit[0] === value) return hit[1];
  const out = JSON.parse(value);
  cache.set(name, [value, out]);
  return out;
}
