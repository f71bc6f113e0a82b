// views/graph/marks.js — what the graph view marks on its drawn nodes and hulls, and where they are on screen:
// the lab's one selection (selection.js: the selected node's aria-selected, its kernel's hull .sel), a lesson
// step's marks on it (selection.marks: .lesson-hl, .lesson-pick, and aria-checked while the student picks), the
// kernels panel's highlight (.hl / .dim), the caption's selected change (.csel / .cdim). Split out of
// views/graph.js: marking re-classes the drawn elements, it never joins or lays out.
import { hasMark, inKernel, pickState } from './join.js';

/** ctx: the lab's (selection()); svg, gNodes, gHulls: d3 selections; canvas: the canvas element. */
export function createMarks(ctx, { svg, canvas, gNodes, gHulls }) {
  let highlight = null;    // kernel index highlighted from the kernels panel

  const selNow = () => (ctx.selection ? ctx.selection() : null);
  const selKernel = () => { const s = selNow(); return s && s.key ? s.kernel : null; };
  /** The selection's marks ({focus, picked, picking, pick}: a lesson step's) or null. */
  const lessonMarks = () => { const s = selNow(); return s && s.marks; };
  function isSelected(d) {
    const s = selNow();
    return !!(s && s.at.status === 'here' && !d.v.group && !d.ghost && d.v.node.key === s.key);
  }

  /** The selection and the marks a lesson step puts on it (its highlights, the student's picks). */
  function highlightSel() {
    const marks = (selNow() || {}).marks;
    gNodes.selectAll('g.node').attr('aria-selected', (d) => (isSelected(d) ? 'true' : null))
      .classed('lesson-hl', (d) => !!marks && hasMark(d, marks.focus))
      .classed('lesson-pick', (d) => !!marks && hasMark(d, marks.picked))
      .attr('aria-checked', (d) => pickState(marks, d, !!marks && hasMark(d, marks.picked)))
      // the hook checks from outside read: what the narration or the selection highlights
      .attr('data-highlighted', (d) => (isSelected(d) || (!!marks && hasMark(d, marks.focus)) ? 'true' : null));
    svg.classed('lesson-picking', !!(marks && marks.picking));
    const ki = selKernel();
    gHulls.selectAll('path.hull').classed('sel', (d) => ki !== null && d.ki === ki);
  }

  /** The kernels panel's highlight of kernel ki (null: none). */
  function setHighlight(ki) {
    // only meaningful where kernels are drawn (the last stage); elsewhere do not dim the whole graph
    if (ki !== null && gNodes.selectAll('g.node.in-kernel').empty()) ki = null;
    highlight = ki;
    gNodes.selectAll('g.node')
      .classed('hl', (d) => ki !== null && inKernel(d, ki))
      .classed('dim', (d) => ki !== null && !inKernel(d, ki));
    gHulls.selectAll('path.hull').classed('hl', (d) => d.ki === ki);
  }

  // a node, or a folded block one of whose members is, among ids
  const changed = (d, ids) => (d.v.blockGroup ? d.v.memberIds.some((id) => ids.has(id)) : !d.v.group && ids.has(d.v.node.id));

  /** The caption's selected change: its nodes marked, the rest dimmed. */
  function markChanges(ids) {
    gNodes.selectAll('g.node')
      .classed('csel', (d) => ids.size > 0 && changed(d, ids))
      .classed('cdim', (d) => ids.size > 0 && !changed(d, ids));
  }

  // where the drawn nodes are on screen, for what places itself over the graph (the lesson card): the canvas's
  // box, each node's box and whether it is marked (a lesson's highlight or pick, a caption's change, the
  // selection), and whether the student is picking nodes
  function boxes() {
    const area = canvas.getClientRects().length ? canvas.getBoundingClientRect() : null;
    const marks = (selNow() || {}).marks;
    const nodes = [];
    gNodes.selectAll('g.node').each(function (d) {
      nodes.push({ key: d.key, rect: this.getBoundingClientRect(), marked: this.matches('.lesson-hl, .lesson-pick, .csel, [aria-selected="true"]') });
    });
    return { area, nodes, picking: !!(marks && marks.picking) };
  }

  return { isSelected, lessonMarks, highlightSel, setHighlight, markChanges, boxes,
    highlighted: () => highlight,
    /** the hulls' marks for drawHulls (graph/hulls.js): the highlighted kernel, the selected one */
    hullMarks: () => ({ hl: highlight, sel: selKernel() }) };
}
