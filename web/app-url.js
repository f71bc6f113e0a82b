// app-url.js — a file of the lab by its path under app/ (the served page's directory), such as a worker's
// script. The served page is bundled (tools/build-web.mjs), and a bundled module's import.meta.url is its
// bundle's, not its source file's: this module sits at app/'s root in both forms, so paths from it hold.
export const appUrl = (path) => new URL(path, import.meta.url);
