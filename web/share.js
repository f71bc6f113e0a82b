// share.js — the "copy link" button: the lab's whole state as a link (the URL hash of state.js), with or
// without instructor mode, copied to the clipboard. Where the clipboard is refused (file://, an old browser,
// a denied permission) the link is shown selected in a box, to copy by hand.

import { el } from './dom.js';
import { serializeHash, withPatch } from './state.js';

/** The link to this page for state st (inst: instructor mode on or off in the link). */
export function linkFor(st, inst, href = location.href) {
  return `${href.split('#')[0]}#${serializeHash(withPatch(st, { inst: !!inst }))}`;
}

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
      said.textContent = inst.checked ? 'copied (instructor mode)' : 'copied';
    } catch {
      box.hidden = false;
      box.focus();
      box.select();
      said.textContent = 'press Ctrl+C to copy';
    }
  });
  // beside the title (the header's first row has room; the panel chips wrap under it at 1280 px)
  const where = container.querySelector('.top-ctl');
  container.insertBefore(el('span', { class: 'copy-link' }, btn, el('label', { for: 'copy-inst', class: 'chip-toggle' }, inst, ' with instructor mode'), box, said), where);
}
