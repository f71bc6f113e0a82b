// app.js — entry point of the served page (public/index.html loads app/app.js as a module).
import { boot } from './main.js';

boot().catch((err) => {
  console.error(err);
  const n = document.getElementById('notice');
  const t = document.getElementById('notice-text');
  if (n && t) {
    t.textContent = `The lab failed to start: ${err && err.message ? err.message : err}`;
    n.hidden = false;
  }
});
