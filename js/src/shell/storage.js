// The browser's localStorage, where this page keeps what it remembers (the tables sat at,
// the player's name, the lessons done, whether moves are previewed), or null where the
// browser refuses it.

/** localStorage, or null (none here, or storage refused: private mode, a sandboxed frame). */
export function browserStorage() {
  try {
    return typeof localStorage !== "undefined" ? localStorage : null;
  } catch {
    return null;
  }
}

/** A yes/no the player chose, kept in this browser under `key` (else `dflt`). */
export function readPreference(key, dflt) {
  try {
    const v = typeof localStorage !== "undefined" ? localStorage.getItem(key) : null;
    return v === null ? dflt : v === "true";
  } catch {
    return dflt;
  }
}

/** Keep the player's yes/no under `key`. */
export function writePreference(key, value) {
  try {
    if (typeof localStorage !== "undefined") localStorage.setItem(key, String(value));
  } catch {
    // storage refused (private mode): the choice lasts for this page only
  }
}
