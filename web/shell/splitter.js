// shell/splitter.js — a handle that resizes a docked region of the workspace: the side column beside the graph,
// the lesson rail, the panel docked under a lesson's graph. Its size is one CSS variable on <html> (the
// stylesheet lays the regions out from it), in px; dragged with a pointer or moved with the arrow keys (Shift: in
// big steps, Home / End: the bounds), and kept for the session (sessionStorage: a new tab starts from the
// stylesheet's default). A window separator for assistive technology: role="separator" with aria-valuenow.
import { el } from '../dom.js';

const STEP = 16, BIG = 64;

/** The pure part: a size clamped to [min, max] and rounded to whole px. */
export function clampSize(v, min, max) {
  return Math.round(Math.min(max, Math.max(min, v)));
}

/** The new size for a key press (null: not a key of the splitter's). axis 'x' moves with ← →, 'y' with ↑ ↓;
 *  grow: +1 when → / ↓ makes the region bigger, -1 when it makes it smaller. */
export function sizeForKey(key, shift, size, { axis, grow, min, max }) {
  const step = shift ? BIG : STEP;
  const fwd = axis === 'x' ? 'ArrowRight' : 'ArrowDown';
  const back = axis === 'x' ? 'ArrowLeft' : 'ArrowUp';
  if (key === fwd) return clampSize(size + grow * step, min, max);
  if (key === back) return clampSize(size - grow * step, min, max);
  if (key === 'Home') return min;
  if (key === 'End') return max;
  return null;
}

/**
 * name: the session key and the variable (--name); axis: 'x' (a vertical bar that moves sideways) or 'y';
 * grow: +1 when the pointer moving right / down makes the region bigger, -1 otherwise; bounds(): {min, max} now
 * (they follow the window); measure(): the region's size as drawn (the stylesheet's, until moved); label():
 * the accessible name. Returns {node, relabel(), apply(), set(px)}.
 */
export function createSplitter({ name, axis, grow, bounds, measure, label, testid }) {
  const node = el('div', {
    class: `splitter splitter-${axis}`, role: 'separator', tabindex: '0', 'data-testid': testid || `splitter-${name}`,
    'aria-orientation': axis === 'x' ? 'vertical' : 'horizontal',
  });
  const root = document.documentElement;
  const key = `gl-split-${name}`;
  let size = null;   // null: the stylesheet's default (until moved)
  try {
    const kept = Number(sessionStorage.getItem(key));
    if (kept > 0) size = kept;
  } catch { /* storage refused: sizes are not kept */ }

  const current = () => {
    if (size !== null) return size;
    const v = measure();
    return Number.isFinite(v) && v > 0 ? v : bounds().min;
  };
  function set(v, keep = true) {
    const { min, max } = bounds();
    size = clampSize(v, min, max);
    root.style.setProperty(`--${name}`, `${size}px`);
    if (keep) {
      try { sessionStorage.setItem(key, String(size)); } catch { /* not kept */ }
    }
    apply();
  }
  /** The ARIA values (the bounds follow the window). */
  function apply() {
    const { min, max } = bounds();
    node.setAttribute('aria-valuemin', String(Math.round(min)));
    node.setAttribute('aria-valuemax', String(Math.round(max)));
    node.setAttribute('aria-valuenow', String(Math.round(Math.min(max, Math.max(min, current())))));
  }
  function relabel() {
    node.setAttribute('aria-label', label());
    node.title = label();
  }
  node.addEventListener('keydown', (ev) => {
    const b = bounds();
    const v = sizeForKey(ev.key, ev.shiftKey, current(), { axis, grow, ...b });
    if (v === null) return;
    ev.preventDefault();
    ev.stopPropagation();   // the page's ← → step the passes: not while the splitter has the focus
    set(v);
  });
  node.addEventListener('pointerdown', (ev) => {
    if (ev.button !== 0) return;
    ev.preventDefault();
    node.setPointerCapture(ev.pointerId);
    const start = axis === 'x' ? ev.clientX : ev.clientY;
    const from = current();
    node.classList.add('dragging');
    const move = (e) => set(from + grow * ((axis === 'x' ? e.clientX : e.clientY) - start));
    const up = () => {
      node.classList.remove('dragging');
      node.removeEventListener('pointermove', move);
      node.removeEventListener('pointerup', up);
      node.removeEventListener('pointercancel', up);
    };
    node.addEventListener('pointermove', move);
    node.addEventListener('pointerup', up);
    node.addEventListener('pointercancel', up);
  });
  if (size !== null) set(size, false);
  relabel();
  apply();
  addEventListener('resize', apply);
  return { node, relabel, apply, set };
}
