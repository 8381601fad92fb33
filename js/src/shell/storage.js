// The browser's localStorage, where this page keeps what it remembers (the tables sat at,
// the player's name, the lessons done), or null where the browser refuses it.

/** localStorage, or null (none here, or storage refused: private mode, a sandboxed frame). */
export function browserStorage() {
  try {
    return typeof localStorage !== "undefined" ? localStorage : null;
  } catch {
    return null;
  }
}
