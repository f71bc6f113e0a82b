// shell/stepper.js — moving through the pipeline's stages: a step, first / last, play, and the page's keys.
//
// Keys keep their own meaning in text and number fields, selects, sliders and radio groups (arrows move
// them), and Space / Enter on buttons, checkboxes and <summary> (they activate them). Elsewhere — the page, a
// button, a checkbox, a pass in the list — ← → space Home End i drive the stepper, Esc clears the selection.
export const STEPPER_KEY_INPUTS = new Set(['checkbox', 'button', 'submit', 'reset']);

/** getState / setState: the lab's; stages(): the shown result's stages; redraw(): a render without animation. */
export function createStepper({ getState, setState, stages, redraw, select }) {
  let playing = false;
  let playTimer = null;

  // the stages the stepper stops at: with `hide`, only those a pass changed (and the first, and the shown one)
  function visibleStages() {
    const all = stages();
    const st = getState();
    const out = [];
    for (let i = 0; i < all.length; i++) {
      if (!st.hide || i === 0 || all[i].changed || i === st.stage) out.push(i);
    }
    return out;
  }

  function step(dir) {
    const vis = visibleStages();
    if (!vis.length) return false;
    const cur = Math.min(getState().stage, stages().length - 1);
    const target = dir > 0 ? vis.find((i) => i > cur) : [...vis].reverse().find((i) => i < cur);
    if (target === undefined) return false;
    setState({ stage: target });
    return true;
  }

  function gotoStage(where) {
    const vis = visibleStages();
    if (vis.length) setState({ stage: where === 'first' ? vis[0] : vis[vis.length - 1] });
  }

  function stopTimer() {
    if (playTimer) clearInterval(playTimer);
    playTimer = null;
  }

  function togglePlay() {
    playing = !playing;
    stopTimer();
    if (playing) {
      const vis = visibleStages();
      if (getState().stage >= vis[vis.length - 1]) setState({ stage: vis[0] });
      playTimer = setInterval(() => {
        if (step(1)) return;
        playing = false;
        stopTimer();
        redraw();
      }, getState().present ? 2400 : 1700);
    }
    redraw();
  }

  document.addEventListener('keydown', (ev) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const t = ev.target;
    const tag = t && t.tagName;
    if (tag === 'SELECT' || tag === 'TEXTAREA' || (t && t.isContentEditable)) return;
    if (tag === 'INPUT' && !STEPPER_KEY_INPUTS.has(t.type)) return;
    if ((tag === 'BUTTON' || tag === 'SUMMARY' || tag === 'INPUT') && (ev.key === ' ' || ev.key === 'Enter')) return;
    if (ev.key === 'ArrowRight') step(1);
    else if (ev.key === 'ArrowLeft') step(-1);
    else if (ev.key === ' ' || ev.key === 'Spacebar') togglePlay();
    else if (ev.key === 'Home') gotoStage('first');
    else if (ev.key === 'End') gotoStage('last');
    else if (ev.key === 'Escape' && getState().sel) select(null);
    else return;
    ev.preventDefault();
  });

  return { visibleStages, step, gotoStage, togglePlay, playing: () => playing };
}
