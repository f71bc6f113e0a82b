// shell/workspace.js — the workspace around the graph (style.css lays it out): the graph panel fills the window
// under the header (--top-h, kept here as the header wraps or a notice shows), the side column beside it and the
// lesson rail are resized by splitters (shell/splitter.js), the other panels dock under the graph.
import { createSplitter } from './splitter.js';
import { t } from '../i18n/i18n.js';

/** main: the page's <main class="layout">; header: its <header>; card: the lesson card (the rail), if any.
 *  Returns {relabel()} (the splitters' names in the page's language). */
export function createWorkspace({ main, header, card }) {
  const root = document.documentElement;
  const notice = document.getElementById('notice');
  const topH = () => {
    let h = header ? header.getBoundingClientRect().height : 0;
    if (notice && !notice.hidden) h += notice.getBoundingClientRect().height + 8;
    root.style.setProperty('--top-h', `${Math.ceil(h)}px`);
  };
  if (typeof ResizeObserver === 'function') {
    const ro = new ResizeObserver(topH);
    if (header) ro.observe(header);
    if (notice) ro.observe(notice);
  }
  topH();

  const config = main.querySelector('.panel.col-1');
  const side = createSplitter({
    name: 'side-w', axis: 'x', grow: 1, testid: 'splitter-side', label: () => t('ws.split.side'),
    bounds: () => ({ min: 220, max: Math.max(240, Math.min(640, innerWidth * 0.45)) }),
    measure: () => (config ? config.getBoundingClientRect().width : 0),
  });
  // in the grid after the side column (the stylesheet places it)
  if (config) config.after(side.node); else main.prepend(side.node);
  const splitters = [side];
  if (card) {
    const rail = createSplitter({
      name: 'rail-w', axis: 'x', grow: 1, testid: 'splitter-rail', label: () => t('ws.split.rail'),
      bounds: () => ({ min: 300, max: Math.max(320, Math.min(760, innerWidth * 0.6)) }),
      measure: () => card.getBoundingClientRect().width,
    });
    card.append(rail.node);
    // a lesson step's other panel, docked under its graph: its height (shown by the stylesheet while one is)
    const dock = createSplitter({
      name: 'dock-h', axis: 'y', grow: -1, testid: 'splitter-dock', label: () => t('ws.split.dock'),
      bounds: () => ({ min: 120, max: Math.max(140, innerHeight * 0.75) }),
      measure: () => {
        const o = document.querySelector('.panel.overlay');
        return o ? o.getBoundingClientRect().height : innerHeight * 0.44;
      },
    });
    document.body.append(dock.node);
    splitters.push(rail, dock);
  }
  return { relabel: () => splitters.forEach((s) => { s.relabel(); s.apply(); }) };
}
