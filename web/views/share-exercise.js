// views/share-exercise.js — the "share as exercise" dialog (data-testid share-exercise opens it,
// share-exercise-dialog is the dialog): a link to this view as an exercise, with the three keys an exercise
// link has (state.js PROPS): lock=1 locks the config panel (views/present.js makes it look and act locked),
// hideui=a.b hides those controls (HIDEABLE; hideui=inst also keeps p and i from toggling presentation), and
// stage=N starts at a pass. The link is shown in the dialog and copied by its button (where the clipboard is
// refused it is selected, to copy by hand). Test hooks: share-exercise-lock, share-exercise-hide-<name>,
// share-exercise-stage, share-exercise-link, share-exercise-copy, share-exercise-status, share-exercise-close.
import { el, setAttr, setText } from '../dom.js';
import { HIDEABLE, serializeHash, withPatch } from '../state.js';
import { t } from '../i18n/i18n.js';

/** The exercise link for state st: {lock, hideui (HIDEABLE names), stage}; the selection is not part of it. */
export function exerciseLink(st, { lock, hideui, stage }, href = location.href) {
  const hide = HIDEABLE.filter((h) => hideui.includes(h));
  return `${href.split('#')[0]}#${serializeHash(withPatch(st, { lock: !!lock, hideui: hide, stage, sel: null }))}`;
}

/** header: the page's header (the button goes beside "copy link"); getState(): the lab's. Returns {relabel()}. */
export function createShareExercise({ header, getState }) {
  const open = el('button', { type: 'button', class: 'share-exercise-btn', 'data-testid': 'share-exercise', 'data-ui': 'share', 'aria-haspopup': 'dialog' });
  const copyLink = header.querySelector('.copy-link');
  if (copyLink) copyLink.after(open);
  else header.querySelector('.top-ctl').prepend(open);

  const heading = el('h2', { id: 'share-exercise-heading' });
  const intro = el('p', { class: 'sx-intro' });
  const lock = el('input', { type: 'checkbox', id: 'sx-lock', 'data-testid': 'share-exercise-lock' });
  const lockLabel = el('label', { for: 'sx-lock' });
  const legend = el('legend');
  const hides = HIDEABLE.map((h) => {
    const box = el('input', { type: 'checkbox', id: `sx-hide-${h}`, value: h, 'data-testid': `share-exercise-hide-${h}` });
    return [h, box, el('label', { for: `sx-hide-${h}` })];
  });
  const stage = el('select', { id: 'sx-stage', 'data-testid': 'share-exercise-stage' });
  const stageLabel = el('label', { for: 'sx-stage' });
  // the whole link, wrapped (a one-line box would show its first 80 characters only)
  const link = el('textarea', { readonly: '', rows: '4', spellcheck: 'false', id: 'sx-link', class: 'sx-link', 'data-testid': 'share-exercise-link' });
  const linkLabel = el('label', { for: 'sx-link' });
  const copy = el('button', { type: 'button', class: 'sx-copy', 'data-testid': 'share-exercise-copy' });
  const said = el('span', { class: 'sx-said', 'aria-live': 'polite', 'data-testid': 'share-exercise-status' });
  const close = el('button', { type: 'button', class: 'sx-close', 'data-testid': 'share-exercise-close' }, '✕');
  const dialog = el('dialog', { class: 'share-exercise-dialog', 'data-testid': 'share-exercise-dialog', 'aria-labelledby': 'share-exercise-heading' },
    el('div', { class: 'sx-head' }, heading, close),
    intro,
    el('p', { class: 'sx-row' }, lock, lockLabel),
    el('fieldset', { class: 'sx-hide' }, legend, ...hides.map(([, box, label]) => el('span', { class: 'sx-opt' }, box, label))),
    el('p', { class: 'sx-row' }, stageLabel, stage),
    el('p', { class: 'sx-row sx-link-row' }, linkLabel, link, copy, said));
  document.body.append(dialog);

  const passNames = () => {
    const st = getState();
    return ['trace', ...st.pipeline];
  };
  const choices = () => ({ lock: lock.checked, hideui: hides.filter(([, b]) => b.checked).map(([h]) => h), stage: Number(stage.value) || 0 });
  const update = () => {
    link.value = exerciseLink(getState(), choices());
    setText(said, '');
  };
  for (const c of [lock, stage, ...hides.map(([, b]) => b)]) c.addEventListener('change', update);

  open.addEventListener('click', () => {
    const st = getState();
    // the options start from the view's own: its stage, its lock and hidden controls
    stage.replaceChildren(...passNames().map((name, i) => el('option', { value: String(i) }, `${i}. ${name}`)));
    stage.value = String(Math.min(st.stage, st.pipeline.length));
    lock.checked = !!st.lock;
    for (const [h, b] of hides) b.checked = (st.hideui || []).includes(h);
    update();
    if (!dialog.open) dialog.showModal();
  });
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('click', (ev) => { if (ev.target === dialog) dialog.close(); });   // the backdrop
  // the page's keys (← → space p i) belong to the lab behind: inside the dialog they edit and click
  dialog.addEventListener('keydown', (ev) => { if (ev.key !== 'Escape') ev.stopPropagation(); });
  copy.addEventListener('click', async () => {
    update();
    try {
      await navigator.clipboard.writeText(link.value);
      setText(said, t('pres.share.copied'));
    } catch {
      link.focus();
      link.select();
      setText(said, t('pres.share.copyByHand'));
    }
  });

  function relabel() {
    setText(open, t('pres.share.button'));
    setAttr(open, 'title', t('pres.share.title'));
    setText(heading, t('pres.share.heading'));
    setText(intro, t('pres.share.intro'));
    setText(lockLabel, t('pres.share.lock'));
    setText(legend, t('pres.share.hide'));
    for (const [h, , label] of hides) setText(label, t(`pres.hide.${h}`));
    setText(stageLabel, t('pres.share.stage'));
    setText(linkLabel, t('pres.share.link'));
    setText(copy, t('pres.share.copy'));
    setAttr(close, 'aria-label', t('pres.share.close'));
    setAttr(close, 'title', t('pres.share.close'));
  }
  relabel();
  return { relabel };
}
