// share.js — the "copy link" button: the lab's whole state as a link (the URL hash of state.js), in or out of
// presentation (present=1; the checkbox keeps its old test hook, copy-link-inst), copied to the clipboard. Where the clipboard is refused (file://, an old browser,
// a denied permission) the link is shown selected in a box, to copy by hand.

import { el } from './dom.js';
import { serializeHash, withPatch } from './state.js';
import { t } from './i18n/i18n.js';

/** The link to this page for state st (present: presentation on or off in the link). */
export function linkFor(st, present, href = location.href) {
  return `${href.split('#')[0]}#${serializeHash(withPatch(st, { present: !!present }))}`;
}

/** Returns {relabel()}. */
export function addCopyLink(container, getState) {
  const btn = el('button', { type: 'button', 'data-testid': 'copy-link', title: 'copy a link to exactly this view' }, 'copy link');
  const inst = el('input', { type: 'checkbox', id: 'copy-inst', 'data-testid': 'copy-link-inst' });
  const box = el('input', { type: 'text', readonly: '', class: 'copy-box', 'data-testid': 'copy-link-box', 'aria-label': 'link to this view', hidden: '' });
  const said = el('span', { class: 'copy-said', 'aria-live': 'polite', 'data-testid': 'copy-link-status' });
  btn.addEventListener('click', async () => {
    const url = linkFor(getState(), inst.checked);
    box.value = url;
    try {
      await navigator.clipboard.writeText(url);
      box.hidden = true;
      said.textContent = inst.checked ? t('pres.copy.copiedPresenting') : 'copied';
    } catch {
      box.hidden = false;
      box.focus();
      box.select();
      said.textContent = 'press Ctrl+C to copy';
    }
  });
  // beside the title (the header's first row has room; the panel chips wrap under it at 1280 px)
  const where = container.querySelector('.top-ctl');
  const words = el('span', { class: 'copy-inst-words' }, t('pres.copy.with'));
  container.insertBefore(el('span', { class: 'copy-link' }, btn, el('label', { for: 'copy-inst', class: 'chip-toggle' }, inst, words), box, said), where);
  // the language changed: the checkbox's words
  return { relabel: () => { words.textContent = t('pres.copy.with'); } };
}
