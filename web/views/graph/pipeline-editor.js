// views/graph/pipeline-editor.js — the pipeline editor beside the graph: every pass of the core with a checkbox
// (run it or not) and ↑ / ↓ (its place in the order), and "default order". Redrawn only when the pipeline
// changes, and the keyboard focus stays on the control of the pass that was toggled or moved.
import { el, clear, setText } from '../../dom.js';
import { lang, t } from '../../i18n/i18n.js';

/** Returns {node (the <details>), draw(pipeline)}. */
export function createPipelineEditor(ctx) {
  const pipeList = el('ul', { class: 'pipe-list' });
  const pipeReset = el('button', { type: 'button' });
  const summary = el('summary', {});
  const node = el('details', { class: 'pipeline-editor', 'data-ui': 'pipeline' }, summary, pipeList, pipeReset);
  pipeReset.addEventListener('click', () => ctx.setState({ pipeline: ctx.defaultPipeline() }, { rerun: true }));

  let pipeDrawn = null;
  function draw(on) {
    const all = ctx.passNames();
    const drawnKey = `${on.join('.')}|${lang()}`;
    setText(pipeReset, t('graph.pipe.reset'));
    setText(summary, t('graph.pipe.summary'));
    if (drawnKey === pipeDrawn) return;    // unchanged: keep the DOM (and the keyboard focus in it)
    pipeDrawn = drawnKey;
    const order = [...on, ...all.filter((p) => !on.includes(p))];
    const a = document.activeElement;
    const focused = a && pipeList.contains(a) ? { pass: a.getAttribute('data-pass'), role: a.getAttribute('data-role') } : null;
    clear(pipeList);
    order.forEach((p) => {
      const enabled = on.includes(p);
      const cb = el('input', { type: 'checkbox', 'aria-label': t('graph.pipe.run', { p }), 'data-pass': p, 'data-role': 'cb' });
      cb.checked = enabled;
      cb.addEventListener('change', () => {
        const next = cb.checked ? [...on, p] : on.filter((x) => x !== p);
        ctx.setState({ pipeline: next }, { rerun: true });
      });
      const pos = on.indexOf(p);
      const up = el('button', { type: 'button', 'aria-label': t('graph.pipe.up', { p }), title: t('graph.pipe.earlier'), 'data-pass': p, 'data-role': 'up' }, '↑');
      const down = el('button', { type: 'button', 'aria-label': t('graph.pipe.down', { p }), title: t('graph.pipe.later'), 'data-pass': p, 'data-role': 'down' }, '↓');
      up.disabled = !enabled || pos === 0;
      down.disabled = !enabled || pos === on.length - 1;
      const move = (delta) => {
        const next = on.slice();
        const j = pos + delta;
        [next[pos], next[j]] = [next[j], next[pos]];
        ctx.setState({ pipeline: next }, { rerun: true });
      };
      up.addEventListener('click', () => move(-1));
      down.addEventListener('click', () => move(1));
      pipeList.append(el('li', { class: enabled ? '' : 'off' }, el('label', {}, cb, ' ', p), up, down));
    });
    if (focused) {
      // the same control of the same pass (it moved with the pass), else another of its row
      const q = (role) => pipeList.querySelector(`[data-pass="${focused.pass}"][data-role="${role}"]`);
      const target = [focused.role, focused.role === 'up' ? 'down' : 'up', 'cb'].map(q).find((e) => e && !e.disabled);
      if (target) target.focus();
    }
  }
  return { node, draw };
}
