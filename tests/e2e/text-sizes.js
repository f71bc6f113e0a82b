// text-sizes.js — measures, in the page, the rendered size of the text a projector shows (issue 33): the graph's
// labels (computed font-size × the SVG's scale, i.e. the text's screen CTM) and every visible text node under
// the given regions (its parent's computed font-size, × the scale for SVG text). Passed to page.evaluate.

/** In the page: {labels: {count, median, min}, regions: [{region, count, min, small: [{text, px}]}]}. */
export function measureTextSizes(regions) {
  const px = (elem) => {
    const fs = parseFloat(getComputedStyle(elem).fontSize);
    const svgText = elem instanceof SVGElement && elem.getScreenCTM ? elem.getScreenCTM() : null;
    return svgText ? fs * Math.hypot(svgText.a, svgText.b) : fs;
  };
  const visible = (elem) => elem.getClientRects().length > 0 && (!elem.checkVisibility || elem.checkVisibility({ visibilityProperty: true, opacityProperty: true }));
  const labels = [...document.querySelectorAll('[data-testid=graph] g.node text')].filter(visible).map(px).sort((a, b) => a - b);
  const out = { labels: { count: labels.length, median: labels.length ? labels[Math.floor(labels.length / 2)] : 0, min: labels.length ? labels[0] : 0 }, regions: [] };
  for (const [name, sel] of regions) {
    const sizes = [];
    const small = [];
    for (const root of document.querySelectorAll(sel)) {
      if (!visible(root)) continue;
      const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const p = n.parentElement;
        if (!n.textContent.trim() || !p || !visible(p)) continue;
        // text a screen reader reads but nobody sees (clipped to 1 px)
        const r = p.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1) continue;
        const s = px(p);
        sizes.push(s);
        if (s < 16 - 0.05 && small.length < 5) small.push({ text: n.textContent.trim().slice(0, 30), px: Math.round(s * 10) / 10 });
      }
    }
    out.regions.push({ region: name, count: sizes.length, min: sizes.length ? Math.min(...sizes) : null, small });
  }
  return out;
}
