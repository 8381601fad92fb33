// Build the widget bundles: one per game of nations_widget/core/games.json (the registry's
// list), js/src/<game>/index.js (the game's view on the shell, js/src/shell) ->
// nations_widget/static/<game>.js and <game>.css, so a page loads only the game it shows;
// the app's own page bundles that list names (the chooser, the lessons' panel); and
// the page watchdog's script (js/src/shell/watchdog-entry.js ->
// nations_widget/static/watchdog.js).
//
//   node build.mjs            build, and record the sources' hash in bundle-hash.json
//   node build.mjs --check    build into a temporary folder and fail if the shipped bundle
//                             differs (tests/test_bundle.py does the hash check without node)
//
// The hash covers every file under js/src, this script and the esbuild version locked in
// package-lock.json (the one package that turns the sources into the bundle), so the Python
// test can tell a stale bundle from the sources alone. Not the whole lock file: the test
// tools' entries (vitest, jsdom and their platform packages) do not change a byte of the
// bundle, and a lock that names more platforms must not make a fresh bundle look stale.
import { build, transform } from "esbuild";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "nations_widget", "static");

function listFiles(dir) {
  const files = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...listFiles(path));
    else files.push(path);
  }
  return files;
}

/** The esbuild version package-lock.json pins, which the bundle's bytes depend on. */
export function lockedEsbuild() {
  const lock = JSON.parse(readFileSync(join(here, "package-lock.json"), "utf8"));
  const entry = lock.packages?.["node_modules/esbuild"];
  if (!entry?.version) throw new Error("package-lock.json pins no esbuild version");
  return entry.version;
}

export function sourcesHash() {
  const files = [...listFiles(join(here, "src")), join(here, "build.mjs")];
  const names = files.map((f) => relative(here, f).split(sep).join("/")).sort();
  const hash = createHash("sha256");
  for (const name of names) {
    hash.update(name + "\0");
    hash.update(readFileSync(join(here, name)));
    hash.update("\0");
  }
  const esbuild = lockedEsbuild();
  hash.update(`esbuild@${esbuild}\0`);
  return { sha256: hash.digest("hex"), files: names, esbuild };
}

/** The bundles: one per game of the registry's list (nations_widget/core/games.json, the
 * one list of games, which Python reads too), then the app's own page bundles it names,
 * each from js/src/<key>/index.js.  A registered key without its folder, or a folder with
 * an index.js that the list does not name, stops the build: the list and the views agree. */
export function games() {
  const list = JSON.parse(readFileSync(join(here, "..", "nations_widget", "core", "games.json"), "utf8"));
  const keys = [...list.games.map((g) => g.key), ...Object.keys(list.page_bundles)];
  const src = join(here, "src");
  const missing = keys.filter((key) => !existsSync(join(src, key, "index.js")));
  const unlisted = readdirSync(src).sort().filter((name) => name !== "shell" && !keys.includes(name) &&
    statSync(join(src, name)).isDirectory() && existsSync(join(src, name, "index.js")));
  if (missing.length || unlisted.length) {
    throw new Error("nations_widget/core/games.json and js/src disagree: " +
      [missing.length ? `no js/src/<key>/index.js for ${missing.join(", ")}` : "",
       unlisted.length ? `not in the list: js/src/${unlisted.join(", js/src/")}` : ""].filter(Boolean).join("; "));
  }
  return keys;
}

/** The files the build writes into nations_widget/static. */
export function outputs() {
  return [...games().flatMap((game) => [`${game}.js`, `${game}.css`]), "watchdog.js"];
}

// `import text from "./x.css?inline"`: the file's CSS, minified as the bundles' CSS is, as a
// string in the bundle (the shell's sheet, which js/src/shell/styles.js puts on the page once,
// before every game's CSS). Paths relative to js/, as the bundles name their modules.
const inlineCss = {
  name: "inline-css",
  setup(b) {
    b.onResolve({ filter: /\.css\?inline$/ }, (args) => ({
      path: relative(here, join(args.resolveDir, args.path.slice(0, -"?inline".length))).split(sep).join("/"),
      namespace: "inline-css",
    }));
    b.onLoad({ filter: /.*/, namespace: "inline-css" }, async (args) => {
      const file = join(here, args.path);
      const css = await transform(readFileSync(file, "utf8"), {
        loader: "css", minifyWhitespace: true, minifySyntax: true, legalComments: "none", charset: "utf8",
      });
      return { contents: css.code.trim(), loader: "text", watchFiles: [file] };
    });
  },
};

async function bundle(outdir) {
  await build({
    entryPoints: Object.fromEntries(games().map((game) => [game, join(here, "src", game, "index.js")])),
    bundle: true,
    format: "esm",
    target: "es2020",
    outdir,
    // the bundle names its modules relative to js/, whatever folder the build runs from
    absWorkingDir: here,
    plugins: [inlineCss],
    // Whitespace and syntax minified, names kept: a stack trace or the browser's debugger
    // still reads the functions' own names, for about a tenth more bytes once gzipped than
    // with renamed identifiers too (README, Development).
    minifyWhitespace: true,
    minifySyntax: true,
    minifyIdentifiers: false,
    legalComments: "none",
    logLevel: "warning",
    charset: "utf8",
  });
  // the page watchdog: a classic script (an IIFE) for the notebook's output, no imports
  await build({
    entryPoints: { watchdog: join(here, "src", "shell", "watchdog-entry.js") },
    bundle: true,
    format: "iife",
    target: "es2020",
    outdir,
    absWorkingDir: here,
    minify: true,
    legalComments: "none",
    logLevel: "warning",
    charset: "utf8",
  });
}

const check = process.argv.includes("--check");
if (check) {
  const tmp = mkdtempSync(join(tmpdir(), "nations-bundle-"));
  try {
    await bundle(tmp);
    let stale = [];
    for (const name of outputs()) {
      const fresh = readFileSync(join(tmp, name));
      let shipped = null;
      try { shipped = readFileSync(join(out, name)); } catch { /* missing */ }
      if (!shipped || !fresh.equals(shipped)) stale.push(name);
    }
    const recorded = JSON.parse(readFileSync(join(out, "bundle-hash.json"), "utf8"));
    if (recorded.sha256 !== sourcesHash().sha256) stale.push("bundle-hash.json");
    if (stale.length) {
      console.error(`stale bundle: ${stale.join(", ")}; run "npm run build --prefix js"`);
      process.exit(1);
    }
    console.log("bundle is up to date");
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
} else {
  await bundle(out);
  const info = sourcesHash();
  writeFileSync(join(out, "bundle-hash.json"), JSON.stringify(info, null, 1) + "\n");
  console.log(`built nations_widget/static/${outputs().join(", ")} (sources ${info.sha256.slice(0, 12)})`);
}
