// views/stale.js — the "stale" banner a panel shows over a result computed for another configuration than the
// current one (a config that cannot be built, an analysis or run still on its way): the panel keeps the old
// drawing only with this banner saying what it was computed for.

import { el, setFlag, setText } from '../dom.js';
import { t } from '../i18n/i18n.js';

/** "d=64 H=8 G=2 dh=8 f=128, prefill T=12" for a result's or a state's config (mode prefill|decode|masked). */
export function describeConfig(cfg) {
  if (!cfg || typeof cfg !== 'object') return t('stale.another');
  const dims = ['d', 'H', 'G', 'dh', 'f'].map((k) => `${k}=${cfg[k]}`).join(' ');
  const mode = cfg.mode === 'prefill'
    ? `${t('config.mode.prefill')} T=${cfg.T}${cfg.pos0 ? ` pos0=${cfg.pos0}` : ''}`
    : `${t(cfg.masked || cfg.mode === 'masked' ? 'config.mode.masked' : 'config.mode.decode')} S=${cfg.S}`;
  const layers = cfg.layers > 1 ? t('stale.layers', { n: cfg.layers }) : '';
  return `${dims}, ${mode}${layers}`;
}

/** A hidden banner (data-testid="stale-banner"); show(computedFor, why) / hide(). */
export function createStaleBanner() {
  const node = el('div', { class: 'stale stale-banner', role: 'status', 'data-testid': 'stale-banner', hidden: '' });
  return {
    node,
    // (each panel's draw calls one of these: written only when it changes)
    show(computedFor, why) {
      setText(node, why ? t('stale.banner.why', { cfg: computedFor, why }) : t('stale.banner', { cfg: computedFor }));
      setFlag(node, 'hidden', false);
    },
    hide() {
      setFlag(node, 'hidden', true);
      setText(node, '');
    },
    get shown() {
      return !node.hidden;
    },
  };
}

/**
 * Whether model (main.js: {result, error, key}) holds the analysis of state, and if not why not.
 * ctx.analysisKey(state) is the key of the current configuration; model.key the key its result was made for.
 */
export function analysisFreshness(ctx, state, model) {
  if (model.error) return { fresh: false, why: t('stale.error') };
  if (model.key !== undefined && ctx.analysisKey && model.key !== ctx.analysisKey(state)) {
    return { fresh: false, why: t('stale.analysing') };
  }
  return { fresh: true, why: null };
}
