// views/graph/viewport.js — the graph's window onto its drawing: the canvas size, pan and zoom, level of
// detail, fitting a drawing, and the pass camera.
//
// The canvas size is kept by a ResizeObserver: reading it in the middle of a redraw (getBoundingClientRect,
// d3-zoom's default extent: the svg's clientWidth) would force a style and layout of the whole page before the
// frame's own. Once the user pans or zooms, stage changes stop re-fitting the view until "fit".
//
// The pass camera flies the svg's box (Web Animations of its CSS transform: the compositor plays them without
// the page); setting the zoom root's transform every frame instead would lay out every label again (SVG text
// follows the screen scale) and repaint the whole drawing. The svg is drawn at `base` (the whole graph, so every
// view of the flight is inside it); a view V is the box's transform V ∘ base⁻¹, and the compositor rasterizes at
// the flight's largest scale, so the zoomed-in labels stay sharp. One animation a flight, held at its end: from
// a to b along cameraTransform's path (eased, the scale geometric), sampled, linear in between.
import { d3 } from '../../lib.js';
import { regionTransform, cameraTransform } from './camera.js';

const MIN_LABEL_PX = 6;  // node labels drawn smaller than this are not drawn at all (style.css .lod-far)

/**
 * canvas: the element the drawing is centred in; stageBox: the box the camera flies; svg, zoomRoot: d3
 * selections; labelPx(): the label size at scale 1; drawn(): the drawn {width, height} or null;
 * resized(aspect): the canvas changed shape (the layout may follow it); userTookOver(): the user zoomed while
 * the camera flew.
 */
export function createViewport({ canvas, stageBox, svg, zoomRoot, labelPx, drawn, resized, userTookOver }) {
  let canvasBox = null;   // border box of the canvas (what fit() centres in), null until laid out with a size
  let svgBox = null;      // its content box = the svg's size (d3-zoom's extent)
  let userZoomed = false;
  let lodFar = false;

  const zoom = d3.zoom().scaleExtent([0.05, 4]).extent(function extent() {
    if (svgBox) return [[0, 0], [svgBox.width, svgBox.height]];
    return [[0, 0], [this.clientWidth, this.clientHeight]];
  }).on('zoom', (ev) => {
    zoomRoot.attr('transform', ev.transform);
    if (ev.sourceEvent) {
      userZoomed = true;
      // the user takes over from the camera (its flight is the svg's box, not this transform)
      if (svg.attr('data-camera') === '1') userTookOver();
    }
    const far = ev.transform.k * labelPx() < MIN_LABEL_PX;
    if (far !== lodFar) svg.classed('lod-far', (lodFar = far));
  });
  svg.call(zoom).on('dblclick.zoom', null);

  if (typeof ResizeObserver === 'function') {
    new ResizeObserver((entries) => {
      const e = entries[entries.length - 1];
      const b = e.borderBoxSize && e.borderBoxSize[0];
      const ok = b && b.inlineSize > 0 && b.blockSize > 0;
      const was = canvasBox;
      canvasBox = ok ? { width: b.inlineSize, height: b.blockSize } : null;
      svgBox = ok ? { width: e.contentRect.width, height: e.contentRect.height } : null;
      // resized (a panel shown or hidden, presentation): fit again, here rather than in a draw
      if (was && canvasBox && (was.width !== canvasBox.width || was.height !== canvasBox.height) && drawn() && !userZoomed) fit(false);
      if (canvasBox) resized(aspect());
    }).observe(canvas);
  }

  /** The canvas's width / height in quarter steps (the grid of layer boxes follows it), 1.6 until known. */
  function aspect() {
    const b = canvasBox;
    if (!b || !b.height) return 1.6;
    return Math.min(4, Math.max(0.5, Math.round((4 * b.width) / b.height) / 4));
  }
  function size() {
    const box = canvasBox || canvas.getBoundingClientRect();
    return [Math.max(200, box.width), Math.max(200, box.height)];
  }
  function fitTransform() {
    const [W, H] = size();
    const v = drawn();
    const k = Math.min(2, 0.97 * Math.min(W / v.width, H / v.height));
    // a drawing whose box does not start at the origin (a folded stage: visual.js) is centred by its box
    const x0 = v.x0 || 0, y0 = v.y0 || 0;
    return d3.zoomIdentity.translate((W - v.width * k) / 2 - x0 * k, Math.max(4, (H - v.height * k) / 2) - y0 * k).scale(k);
  }
  function fit(animate, ms = 300) {
    if (!drawn()) return;
    const t = fitTransform();
    // already there (the union layout: every stage has the same size): no flight, which would rewrite the zoom
    // root's transform every frame of the step for nothing
    const now = d3.zoomTransform(svg.node());
    if (animate && Math.abs(now.k - t.k) < 1e-6 && Math.abs(now.x - t.x) < 0.01 && Math.abs(now.y - t.y) < 0.01) return;
    (animate ? svg.transition().duration(ms).ease(d3.easeCubicInOut) : svg).call(zoom.transform, t);
  }

  function flyCamera(base, a, b, ms) {
    const css = (v) => {
      const s = v.k / base.k;
      return `translate(${v.x - s * base.x}px, ${v.y - s * base.y}px) scale(${s})`;
    };
    const n = 16;
    const frames = [];
    for (let j = 0; j <= n; j++) frames.push({ transform: css(cameraTransform(a, b, j / n)) });
    return stageBox.animate(frames, { duration: ms, easing: 'linear', fill: 'forwards' });
  }

  /**
   * The camera's step: fly to region `cam`, play the tween there for `duration`, hold, fly back to the whole
   * graph, then finish(). slow: presenting. Returns the animation's {stop}.
   */
  function camera(cam, { slow, duration, tween, finish }) {
    svg.interrupt();
    svg.attr('data-animating', 1).attr('data-camera', 1);
    tween.apply(0);
    const [zin, hold, zout] = slow ? [700, 400, 800] : [500, 250, 600];
    const total = zin + duration + hold + zout;
    const whole = fitTransform();
    const from = d3.zoomTransform(svg.node());
    const toward = regionTransform(cam, ...size(), 2.2);
    // the zoom root stays at the whole graph; the camera is the box around the svg. Labels the whole view hides
    // (too small) show for the flight when the zoomed-in view would draw them readable.
    svg.call(zoom.transform, whole);
    if (lodFar && toward.k * labelPx() >= MIN_LABEL_PX) svg.classed('lod-far', false);
    // the box stays a layer of its own for the whole step (dropping it at the end of the zoom-in would repaint
    // the whole drawing in one frame)
    stageBox.style.willChange = 'transform';
    let flight = flyCamera(whole, from, toward, zin);
    let back = false;
    const end = () => {
      flight.cancel();
      stageBox.style.willChange = '';
      svg.classed('lod-far', lodFar);
      svg.attr('data-camera', 0);
      finish();
    };
    const timer = d3.timer((elapsed) => {
      if (elapsed >= zin) tween.apply((elapsed - zin) / duration);
      if (elapsed >= zin + duration + hold && !back) {
        back = true;
        const out = flyCamera(whole, toward, whole, zout);
        flight.cancel();
        flight = out;
      }
      if (elapsed >= total) {
        timer.stop();
        end();
      }
    });
    return { stop: () => { timer.stop(); end(); } };
  }

  /** Pans the view (its zoom kept) and, if need be, the page so that el (a node the keyboard focused) shows. */
  function reveal(el) {
    if (!canvasBox || svg.attr('data-camera') === '1') return;   // (the camera's flight returns to the whole graph)
    const c = canvas.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    const m = 16;
    const off = (lo, hi, a, b) => (a < lo + m ? lo + m - a : b > hi - m ? hi - m - b : 0);
    const dx = off(c.left, c.right, r.left, r.right);
    const dy = off(c.top, c.bottom, r.top, r.bottom);
    if (dx || dy) {
      const k = d3.zoomTransform(svg.node()).k;
      svg.call(zoom.translateBy, dx / k, dy / k);
    }
    const top = r.top + dy, bottom = r.bottom + dy;
    const sy = top < 0 ? top - m : bottom > innerHeight ? bottom - innerHeight + m : 0;
    if (sy) window.scrollBy(0, sy);
  }

  return {
    aspect, fit, camera, size, reveal,
    userZoomed: () => userZoomed,
    /** The view is the program's again (fit, a new drawing): stage changes re-fit it. */
    release: () => { userZoomed = false; },
  };
}
