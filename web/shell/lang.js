// shell/lang.js — the header's language switch (data-testid lang-switch) and the page chrome it relabels.
// The choice is the state's `lang` (a link's lang=zh|en); picking one writes it to the hash and keeps it for the
// next visit (i18n.js). Each render asks which language to show and, when that changed, relabels in place:
// nothing is rebuilt, so the state, the selection and the drawings stay.
import { el, setAttr, setText } from '../dom.js';
import { detectLang, setLang, storedLang, t } from '../i18n/i18n.js';

const NAMES = { zh: '中文', en: 'English' };

/** header: the page's header; setState: the lab's; relabel(): the rest of the chrome (panels, buttons).
 *  Returns {draw(state)}. */
export function createLangSwitch({ header, setState, relabel }) {
  const select = el('select', { 'data-testid': 'lang-switch', class: 'lang-switch' },
    // each language by its own name, in its own language (translate="no": the same on either page)
    ...Object.entries(NAMES).map(([v, name]) => el('option', { value: v, lang: v === 'zh' ? 'zh-CN' : 'en', translate: 'no' }, name)));
  const label = el('label', { class: 'lang-label' }, el('span', { class: 'sr-only' }), select);
  select.addEventListener('change', () => setState({ lang: select.value }));
  // beside the Present toggle (#inst-toggle): the header's other page-wide switch
  const inst = header.querySelector('#inst-toggle');
  if (inst) inst.after(label);
  else (header.querySelector('.top-ctl') || header).append(label);

  function labelChrome() {
    setText(label.querySelector('.sr-only'), t('lang.label'));
    setAttr(select, 'title', t('lang.title'));
    const sub = header.querySelector('h1 .sub');
    if (sub) setText(sub, t('app.subtitle'));
    const skip = document.getElementById('skip-graph');
    if (skip) setText(skip, t('app.skip'));
    const chips = document.getElementById('panel-chips');
    if (chips) setAttr(chips, 'aria-label', t('app.panels'));
    const close = document.getElementById('notice-close');
    if (close) setAttr(close, 'aria-label', t('app.notice.dismiss'));
    relabel();
  }

  let shown = null;
  function draw(state) {
    const want = detectLang(state.lang, storedLang(), globalThis.navigator ? navigator.languages : []);
    setLang(want, { remember: !!state.lang });
    if (select.value !== want) select.value = want;
    if (shown === want) return;
    shown = want;
    labelChrome();
  }
  return { draw };
}
