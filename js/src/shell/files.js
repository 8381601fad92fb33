// Game files: a file picked and sent to Python as a load intent (refused here, in words,
// when it is larger than Python accepts), and a save Python sends back downloaded.

function download(text, filename) {
  if (typeof URL === "undefined" || typeof URL.createObjectURL !== "function") return false;
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename || "nations-game.json";
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => {
    if (typeof URL.revokeObjectURL === "function") URL.revokeObjectURL(url);
  }, 1000);
  return true;
}

/** The files of the widget whose root is `el`: `ui` the shell's state (`loadingFile`,
 * `lastSaved`, the note), `shell` the shell (its `loadText`), `state()` the snapshot,
 * `send(intent)`, `draw()`.  Returns the shell's members for files and `onCustom` (the
 * model's msg:custom listener: Python's save). */
export function createFiles(el, { ui, shell, state, send, draw }) {
  return {
    /** Send a file's text as a load intent ("game": `load`, else `load_<kind>`). */
    loadText(kind, name, text) {
      const limit = (state().settings.max_message || 400000) - 1000;
      if (text.length > limit) {
        ui.note = `${name} is too large (${text.length.toLocaleString()} characters; a saved game is far smaller).`;
        ui.noteLabel = "Note";
        draw();
        return;
      }
      send({ kind: kind === "game" ? "load" : `load_${kind}`, text, name });
      if (kind === "game") ui.loadingFile = name;
    },
    pickFile(kind) {
      const input = document.createElement("input");
      input.type = "file";
      input.accept = ".json,application/json";
      input.style.display = "none";
      input.addEventListener("change", () => {
        const file = input.files && input.files[0];
        input.remove();
        if (!file) return;
        const reader = new FileReader();
        reader.onload = () => shell.loadText(kind, file.name, String(reader.result));
        reader.onerror = () => {
          ui.note = `Could not read ${file.name}.`;
          ui.noteLabel = "Note";
          draw();
        };
        reader.readAsText(file);
      });
      el.appendChild(input);
      input.click();
    },
    onCustom(msg) {
      if (msg && msg.kind === "saved") {
        ui.lastSaved = msg;
        download(msg.text, msg.filename);
      }
    },
  };
}
