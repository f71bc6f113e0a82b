// share.js — the "copy link" button: the lab's whole state as a link (the URL hash of state.js), in or out of
// presentation (present=1; the checkbox keeps its old test hook, copy-link-inst), copied to the clipboard. Where the clipboard is refused (file://, an old browser,
// a denied permission) the link is shown selected in a box, to copy by hand.

import { el } from './dom.js';
import { t } from './i18n/i18n.js';
import { createWords } from './i18n/words.js';
import { serializeHash, withPatch } from './state.js';

/** The link to this page for state st (present: presentation on or off in the link). */
export function linkFor(st, present, href = location.href) {
  return `${href.split('#')[0]}#${serializeHash(withPatch(st, { present: !!present }))}`;
}

/** The button, its checkbox and the box added to the header `container`; returns {relabel()}: its words again
 *  in the page's language. */
export function addCopyLink(container, getState) {
  const W = createWords();
  const btn = W.attr(el('button', { type: 'button', 'data-testid': 'copy-link' }, W.text('share.copy')), 'title', 'share.title');
  const inst = el('input', { type: 'checkbox', id: 'copy-inst', 'data-testid': 'copy-link-inst' });
  const box = W.attr(el('input', { type: 'text', readonly: '', class: 'copy-box', 'data-testid': 'copy-link-box', hidden: '' }), 'aria-label', 'share.box');
  const said = el('span', { class: 'copy-said', 'aria-live': 'polite', 'data-testid': 'copy-link-status' });
  btn.addEventListener('click', async () => {
    const url = linkFor(getState(), inst.checked);
    box.value = url;
    try {
      await navigator.clipboard.writeText(url);
      box.hidden = true;
      said.textContent = t(inst.checked ? 'pres.copy.copiedPresenting' : 'share.copied');
    } catch {
      box.hidden = false;
      box.focus();
      box.select();
      said.textContent = t('share.ctrlc');
    }
  });
  // beside the title (the header's first row has room; the panel chips wrap under it at 1280 px)
  const where = container.querySelector('.top-ctl');
  container.insertBefore(el('span', { class: 'copy-link' }, btn, el('label', { for: 'copy-inst', class: 'chip-toggle' }, inst, W.text('pres.copy.with')), box, said), where);
  return {
    relabel() {
      if (W.sync()) said.textContent = '';   // (what it said, it said in the other language)
    },
  };
}
