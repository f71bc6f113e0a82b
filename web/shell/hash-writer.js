// shell/hash-writer.js — the URL hash mirrors the state, written out of the way of redraws.
//
// Each history.replaceState costs the browser ~5 ms outside the page's JS (an IPC to the browser process), so
// a change writes the hash just after the next frame is drawn (a slider move or a step shows first), and a
// burst of changes (a held arrow key, play, a dragged slider) writes at most every HASH_EVERY_MS, the last
// write carrying the latest state. A program too long for a link is kept in this tab's sessionStorage instead.
import { serializeHash, withPatch, MAX_PROG_HASH } from '../state.js';
import { t } from '../i18n/i18n.js';

const HASH_EVERY_MS = 100;
const PROG_KEY = 'graphlab.prog';

function storage() {
  try { return window.sessionStorage; } catch { return null; }
}

/** The program a reload of this tab had kept (it was too long for the link), put back in st. */
export function withKeptProgram(st) {
  if (st.prog !== null || !st.panels.includes('program')) return st;
  const kept = storage() && storage().getItem(PROG_KEY);
  return typeof kept === 'string' ? withPatch(st, { prog: kept }) : st;
}

/**
 * getState: the state to write; analyzing: the Promise of the analysis on its way, or null (its result would
 * wait behind a write, 5-15 ms of the page's thread: the write waits for the result instead, unless the hash
 * has waited a second already); notice: shows a sentence to the user.
 * write(): after the next frame; write({now: true}): at once (boot, an edited URL).
 */
export function createHashWriter({ getState, analyzing, notice }) {
  let frame = null;
  let timer = null;
  let last = -Infinity;
  let progNoticed = false;

  function flush() {
    if (frame !== null) cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
    frame = timer = null;
    last = performance.now();
    const state = getState();
    const h = '#' + serializeHash(state);
    if (location.hash !== h) history.replaceState(null, '', h);
    const long = typeof state.prog === 'string' && encodeURIComponent(state.prog).length > MAX_PROG_HASH;
    const ss = storage();
    if (ss) {
      try {
        if (long) ss.setItem(PROG_KEY, state.prog);
        else ss.removeItem(PROG_KEY);
      } catch { /* storage full or refused: the program stays on the page only */ }
    }
    if (long && !progNoticed) {
      progNoticed = true;
      notice(t('shell.prog.long'));
    }
  }

  function write({ now = false } = {}) {
    if (now) return flush();
    if (frame !== null || timer !== null) return;   // the pending write reads the state when it runs
    // a task posted from a rAF callback runs after that frame's style, layout and paint
    frame = requestAnimationFrame(() => {
      frame = null;
      timer = setTimeout(() => {
        const pending = analyzing();
        if (pending && performance.now() - last < 1000) {
          timer = null;
          pending.then(() => write());
          return;
        }
        flush();
      }, Math.max(0, last + HASH_EVERY_MS - performance.now()));
    });
  }
  return { write };
}
