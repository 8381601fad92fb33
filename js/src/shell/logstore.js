// The browser's copy of the game log, kept per model and shared by its views.
//
// Python does not resend the log on every move: the `log_patch` trait says how the list
// changes (see nations_widget/widget/shell/log.py, log_patch).  A patch either carries the
// whole list (`reset`), or builds on the previous patch (`prev`): keep the entries numbered
// keep[0]..keep[1], put `head` before them and `tail` after, giving entries span[0]..span[1].
// A patch that does not build on what this store holds (a page opened after the game began,
// a missed message) is never applied: the store asks Python for the whole list (intent
// `log_sync`) and reports itself out of sync until the reset arrives, so the board never
// shows a log Python does not have.
import { traitValue } from "./traits.js";

/** The list after `patch`, or null if it does not apply to (entries, seq). */
export function applyLogPatch(entries, seq, patch) {
  if (!patch || typeof patch.seq !== "number") return null;
  if (patch.reset) return Array.isArray(patch.entries) ? [...patch.entries] : null;
  if (!entries || seq === null || seq === undefined || patch.prev !== seq) return null;
  const [lo, hi] = patch.keep;
  const out = [...patch.head];
  for (const e of entries) if (e.n >= lo && e.n <= hi) out.push(e);
  out.push(...patch.tail);
  const [first, last] = patch.span;
  if (out.length !== last - first + 1) return null;
  for (let i = 0; i < out.length; i += 1) if (out[i].n !== first + i) return null;
  return out;
}

const stores = new WeakMap();

/**
 * The log store of `model`: {entries, seq, synced, rev, dispose}.  `rev` changes whenever
 * the shown log changes (entries or sync state).  Created once per model (anywidget's
 * initialize, or the first view); it listens to the model until `dispose()` (the model's
 * end), whatever views come and go, and every view of the model shares it.
 */
export function logStore(model) {
  let store = stores.get(model);
  if (store) return store;
  store = { entries: [], seq: null, synced: true, rev: 0, asked: false };
  const onPatch = () => {
    const patch = traitValue(model, "log_patch");
    if (!patch || typeof patch.seq !== "number" || patch.seq === store.seq) return;
    const next = applyLogPatch(store.synced ? store.entries : null, store.seq, patch);
    store.rev += 1;
    if (next) {
      store.entries = next;
      store.seq = patch.seq;
      store.synced = true;
      store.asked = false;
      return;
    }
    store.synced = false;
    store.seq = patch.seq;
    if (!store.asked) {
      store.asked = true;
      model.send({ kind: "log_sync" });
    }
  };
  model.on("change:log_patch", onPatch);
  store.dispose = () => {
    model.off("change:log_patch", onPatch);
    stores.delete(model);
  };
  stores.set(model, store);
  onPatch(); // a model without any patch yet has an empty log, in sync
  return store;
}
