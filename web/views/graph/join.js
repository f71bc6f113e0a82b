// views/graph/join.js — the graph's DOM: a keyed D3 join of the animation's elements (node boxes: a <g> with
// its rect and label, keyed by the stable node key) and edges (keyed "s>t"), and the shapes on edges. Each
// element's attributes say what it is (data-key, data-node-id, data-layer, data-x / data-y: its layout place);
// positions are the tween's (tween.js). Handlers are bound once, on entering elements: they read the datum
// when they fire.
import { classCss, fmtShape } from '../../ops.js';
import { kernelColor } from '../kernels/palette.js';

/** Whether d, or a member of the folded group d stands for (graph/blocks.js), is in the set of keys. */
export function hasMark(d, set) {
  return !!set && (set.has(d.key) || (!!d.v.members && d.v.members.some((k) => set.has(k))));
}

/** Whether d is in kernel ki (a folded block: one of its members is). */
export function inKernel(d, ki) {
  return d.v.kernel === ki || (!!d.v.kernels && d.v.kernels.has(ki));
}

/** The id of the element that says the drawn stage ("at stage cse"): every node's description (graph/canvas.js). */
export const STAGE_NOTE_ID = 'graph-stage-note';

/** A node's aria-checked while a lesson asks the student to pick nodes ('true' / 'false'), else null. */
export function pickState(marks, d, picked) {
  return marks && marks.picking && !d.v.group && !d.ghost ? (picked ? 'true' : 'false') : null;
}

/** Sets (or, for null, removes) attribute k of el to v unless this join last set it so (el.__jn remembers). */
function put(el, k, v) {
  const was = el.__jn || (el.__jn = {});
  const s = v === null || v === undefined ? null : String(v);
  if (was[k] === s) return;
  was[k] = s;
  if (s === null) el.removeAttribute(k);
  else el.setAttribute(k, s);
}

/**
 * groups: {nodes, edges, shapes} (d3 selections of <g>); on: {hover(ev, v), leave(), click(d)};
 * isSelected(d); highlighted(): the hovered kernel or null; marked(): the selection's marks ({focus, picked}: keys
 * a lesson step highlights and the student picked) or null; shapesOn(): whether shapes are drawn on edges;
 * keyboard: graph/keyboard.js's (the nodes' keys, the Tab stop, the focus kept across the join).
 * Returns join(elements, edges) → {nodes, edges, shapes} (the joined selections).
 */
export function createJoin(groups, { on, isSelected, highlighted, marked = () => null, shapesOn, keyboard }) {
  return function join(elements, edgeList) {
    const hl = highlighted();
    const marks = marked();
    const nodeSel = groups.nodes.selectAll('g.node').data(elements, (d) => d.key);
    // the focused node, before the exit takes it away (after data(): one turning into a ghost says where it goes,
    // the node it merges into)
    const focused = keyboard.before();
    nodeSel.exit().remove();
    const enter = nodeSel.enter().append('g').attr('class', 'node');
    enter.append('rect').attr('rx', 5).attr('ry', 5);
    enter.append('text').attr('text-anchor', 'middle').attr('dy', '0.35em');
    enter.on('mousemove', (ev, d) => on.hover(ev, d.v))
      .on('mouseleave', () => on.leave())
      .on('click', (ev, d) => on.click(d));
    keyboard.bind(enter);   // arrows, Home / End, Enter / Space (graph/keyboard.js)
    const all = enter.merge(nodeSel);
    // Only what changed is written (a slider's new result rejoins the same boxes with new shapes: each rect's
    // geometry written again marked all of them for layout and paint in the frame that shows the change).
    // class and aria-selected are compared with the element (the highlights and the selection change them
    // too); the rest only this join writes, so it remembers what it wrote.
    all.each(function (d) {
      const c = ['node', d.v.group ? 'group' : classCss(d.v.cls)];
      if (d.ghost) c.push('ghost');
      if (d.removed) c.push('removed');
      if (d.v.kernel !== undefined || (d.v.kernels && d.v.kernels.size)) c.push('in-kernel');
      if (hl !== null && inKernel(d, hl)) c.push('hl');
      if (hl !== null && !inKernel(d, hl)) c.push('dim');
      // a folded group stands for its members: it carries their marks
      const hlit = !!marks && hasMark(d, marks.focus);
      if (hlit) c.push('lesson-hl');
      const picked = !!marks && hasMark(d, marks.picked);
      if (picked) c.push('lesson-pick');
      const cls = c.join(' ');
      if (this.getAttribute('class') !== cls) this.setAttribute('class', cls);
      put(this, 'data-key', d.key);
      put(this, 'data-node-id', d.v.group || d.ghost ? null : d.v.node.id);
      put(this, 'data-layer', d.v.group ? d.v.layer : null);
      put(this, 'data-group', d.v.group ? d.v.block || d.v.label : null);
      put(this, 'data-members', d.v.blockGroup ? d.v.count : null);   // the nodes a folded block stands for
      put(this, 'data-x', Math.round(d.to.x * 10) / 10);
      put(this, 'data-y', Math.round(d.to.y * 10) / 10);
      put(this, 'data-op', d.v.group ? 'group' : d.v.node.op);
      put(this, 'role', 'option');
      // the stage the node is drawn at, said after its name (one text for all: graph/canvas.js)
      put(this, 'aria-describedby', STAGE_NOTE_ID);
      // the name starts with the drawn text (label and chips), then says the op and shape (axe: label in name)
      put(this, 'aria-label', d.v.group ? d.v.long || d.v.label
        : `${[d.v.label, d.v.chips].filter(Boolean).join(' ')}: ${d.v.node.op} ${fmtShape(d.v.node.shape)}`);
      const sel = isSelected(d) ? 'true' : null;
      // compared with the element, as aria-selected (marks.js's highlightSel writes it too)
      const hi = sel || hlit ? 'true' : null;
      if (this.getAttribute('data-highlighted') !== hi) {
        if (hi) this.setAttribute('data-highlighted', hi);
        else this.removeAttribute('data-highlighted');
      }
      // while a lesson asks for nodes, each says whether the student picked it (marks.js writes it too)
      const ck = pickState(marks, d, picked);
      if (this.getAttribute('aria-checked') !== ck) {
        if (ck) this.setAttribute('aria-checked', ck);
        else this.removeAttribute('aria-checked');
      }
      if (this.getAttribute('aria-selected') !== sel) {
        if (sel) this.setAttribute('aria-selected', sel);
        else this.removeAttribute('aria-selected');
      }
      const r = this.firstChild;   // the rect (entered first)
      put(r, 'x', -d.v.w / 2);
      put(r, 'y', -d.v.h / 2);
      put(r, 'width', d.v.w);
      put(r, 'height', d.v.h);
      const stroke = d.v.kernel !== undefined ? kernelColor(d.v.kernel) : '';
      if (r.__jn.stroke !== stroke) {
        r.__jn.stroke = stroke;
        if (stroke) r.style.stroke = stroke;
        else r.style.removeProperty('stroke');
      }
    });
    all.select('text').each(function (d) {
      // the label, then the chips of the weights / scalars it reads (a tspan: one text element to measure);
      // rewritten only when it changed (a join of 1024 layer boxes spent most of its time here)
      const sig = d.v.chips ? `${d.v.label}\u0000${d.v.chips}` : d.v.label;
      if (this.__glText === sig) return;
      this.__glText = sig;
      const parts = d.v.chips ? [d.v.label, d.v.chips] : [d.v.label];
      while (this.childNodes.length > parts.length) this.lastChild.remove();
      parts.forEach((text, i) => {
        let ts = this.childNodes[i];
        if (!ts || ts.nodeName !== 'tspan') {
          ts = document.createElementNS('http://www.w3.org/2000/svg', 'tspan');
          this.insertBefore(ts, this.childNodes[i] || null);
        }
        ts.setAttribute('class', i ? 'chips' : 'label');
        // the chips' tspan starts with a space: the text reads "matmul wq", as the node's aria-label begins
        if (i) ts.setAttribute('dx', '0.3em');
        else ts.removeAttribute('dx');
        ts.textContent = i ? ` ${text}` : text;
      });
    });
    const edgeSel = groups.edges.selectAll('path.edge').data(edgeList, (d) => d.key);
    edgeSel.exit().remove();
    // an edge into an earlier rank (from one folded column to the next, graph/union.js) is drawn dashed
    const at = new Map(elements.map((d) => [d.key, d.to]));
    const byKeyGroup = new Map(elements.map((d) => [d.key, d.v.group]));
    const wraps = (d) => {
      const a = at.get(d.s), b = at.get(d.t);
      if (!a || !b) return false;
      // (and in a grid of layer boxes, from a row's end back to the next row's start)
      return b.y < a.y - 1 || (b.y > a.y + 1 && b.x < a.x - 1 && !!byKeyGroup.get(d.s) && !!byKeyGroup.get(d.t));
    };
    // (its arrowhead and its fade are the tween's, tween.js)
    const edges = edgeSel.enter().append('path').merge(edgeSel)
      .each(function (d) {
        d.wrap = wraps(d);
        const cls = `edge${d.shared ? ' shared' : ''}${d.wrap ? ' wrap' : ''}`;
        if (this.getAttribute('class') !== cls) this.setAttribute('class', cls);
      });
    // shapes on edges (shapes=1): the tensor each edge carries, at its middle
    const shapeData = shapesOn() ? edgeList.filter((e) => e.shape && e.phase !== 'out') : [];
    const shapes = groups.shapes.selectAll('text.edge-shape').data(shapeData, (d) => d.key)
      .join((e) => e.append('text').attr('class', 'edge-shape').attr('text-anchor', 'middle'))
      .each(function (d) {
        const t = fmtShape(d.shape);
        if (this.textContent !== t) this.textContent = t;
      });
    keyboard.after(elements, edgeList, focused);
    return { nodes: all, edges, shapes };
  };
}
