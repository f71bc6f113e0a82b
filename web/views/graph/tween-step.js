// views/graph/tween-step.js — the last step of the graph view's draw: the joined elements move from their old
// frame state to their new one (graph/tween.js), or the pass camera flies (graph/viewport.js). Split out of
// views/graph.js because it owns the running animation (stopped by a new draw or by the user's zoom).
import { d3 } from '../../lib.js';
import { setAttr } from '../../dom.js';
import { createTween } from './tween.js';
import { stillPlan } from './animation-plan.js';

/**
 * join(elements, edges): graph/join.js's; svg: a d3 selection; viewport: graph/viewport.js's; settled(): the
 * drawing stands still. Returns {tweenStep(sel, plan, vis, st), stop(), running()}.
 */
export function createTweenStep({ join, svg, viewport, settled }) {
  let anim = null;   // running animation handle

  function stop() {
    if (anim) {
      anim.stop();
      anim = null;
    }
  }

  // nothing moves (a slider moved: new shapes, same graph and layout): no tween at all; at the end the still
  // picture is joined (ghosts gone)
  function tweenStep(sel, plan, vis, st) {
    const duration = 900;
    const finish = () => {
      const s2 = stillPlan(vis);
      createTween(join(s2.elements, s2.edges), s2.byKey).apply(1);
      svg.attr('data-animating', 0);
      anim = null;
      settled();
    };
    const tween = createTween(sel, plan.byKey);
    if (tween.still) {
      tween.apply(1);
      setAttr(svg.node(), 'data-animating', 0);
      anim = null;
      settled();
    } else if (plan.cam) {
      anim = viewport.camera(plan.cam, { slow: !!st.present, duration, tween, finish });
    } else {
      svg.attr('data-animating', 1);
      tween.apply(0);
      const timer = d3.timer((elapsed) => {
        const t = Math.min(1, elapsed / duration);
        tween.apply(t);
        if (t >= 1) {
          timer.stop();
          finish();
        }
      });
      anim = { stop: () => { timer.stop(); finish(); } };
    }
  }

  return { tweenStep, stop, running: () => !!anim };
}
