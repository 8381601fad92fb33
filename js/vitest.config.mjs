import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "jsdom",
    include: ["test/**/*.test.js"],
    // the shell's CSS is imported as text (`?inline`, js/src/shell/styles.js): give the tests
    // its real content, as the build does
    css: { include: [/src\/shell\/[^/]+\.css/] },
  },
});
