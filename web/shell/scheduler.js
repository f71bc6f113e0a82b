// shell/scheduler.js — when a configuration is analysed, and the one model of the shown result.
//
// The analysis runs in a worker (analysis.js); only the latest configuration's answer is applied (an older
// one resolves to null) and until it comes the page shows the previous result. A change is analysed:
//   'now'    in this task (boot, an edited URL, the test hook's analyzeNow);
//   'frame'  sliders, menus, radios, arrow keys in a number field: at once when no analysis is on its way, else
//            at the next animation frame, so a burst of moves (a held key, a drag) costs one analysis per frame
//            at most, and the worker drops all but the newest;
//   'typing' TYPING_MS after the last keystroke typed into a number field, so "4096" is not analysed as 4, 40
//            and 409 on the way.
import { caseFromState } from '../state.js';
import { mark } from '../perf.js';

const TYPING_MS = 60;

/** The state's keys a result depends on (the custom device's numbers only while it is the device). */
export const CONFIG_KEYS = ['cfg', 'eb', 'dev', 'custom', 'pipeline', 'prog', 'pass', 'passfn', 'passat', 'qw', 'qa', 'qkv', 'qacc', 'smooth'];

/** The configuration a result depends on: two states with the same key share one analysis. */
export function analysisKey(st) {
  return JSON.stringify(CONFIG_KEYS.map((k) => (k === 'custom' && st.dev !== 'custom' ? null : st[k])));
}

/** A GraphLabError (or anything thrown) as {code, message}. */
export function errorInfo(err) {
  if (err && typeof err === 'object') {
    const message = typeof err.message === 'string' && err.message ? err.message : String(err);
    return { code: err.code, message };
  }
  return { code: undefined, message: String(err) };
}

/**
 * analyzer: analysis.js's; getState(); presets(): the core's presets (the devices a case names);
 * clampStage(n): the state's stage kept below n stages; applied(): a result (or error) is in the model;
 * factsIn(): the lab's facts of the shown result came after its stages.
 * The model: {version, result, stages, error, stale, key (the analysisKey of result), resultId, wallMs, early,
 * factsPending}.
 */
export function createScheduler({ analyzer, getState, presets, clampStage, applied, factsIn }) {
  const model = { version: 0, result: null, stages: [], error: null, stale: false, key: null, factsPending: false };
  let factsDone = null;         // the Promise of the last result's lab facts, when they followed its stages
  let analyzing = null;         // the Promise of the analysis in flight
  let analyzedKey = null;
  let timer = null;
  let frame = null;

  function cancel() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
  }

  function take(id, key, out) {
    model.version++;
    Object.assign(model, { result: out.result, stages: out.stages, resultId: id, key, error: null, stale: false,
      wallMs: out.ms, early: !!out.early, factsPending: !!out.facts });
    // the lab's facts (kernel names, values, roofline places, run footprint) may follow the stages (the link's
    // first result): the panels that read them draw once they are in
    if (out.facts) {
      factsDone = out.facts.then(() => {
        if (model.resultId !== id || !model.factsPending) return;
        model.factsPending = false;
        factsIn();
      });
    }
    clampStage(out.stages.length);
  }

  function analyze() {
    cancel();
    const st = getState();
    const key = analysisKey(st);
    if (key === analyzedKey) return analyzing || Promise.resolve();
    analyzedKey = key;
    const c = caseFromState(st, { presetDevices: presets() && presets().devices });
    mark('gl-analyze-start');
    document.body.classList.add('analysing');
    const { id, promise } = analyzer.run(c);
    const done = promise.then((out) => {
      if (!out) return;                   // superseded by a newer configuration
      take(id, key, out);
      applied();
    }, (err) => {
      model.error = errorInfo(err);
      model.stale = !!model.result;
      applied();
    });
    analyzing = done;
    done.then(() => { if (analyzing === done) analyzing = null; });
    return done;
  }

  function schedule(when) {
    if (when === 'now') return analyze();
    if (when === 'typing') {
      cancel();
      timer = setTimeout(analyze, TYPING_MS);
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    if (!analyzing && frame === null) return analyze();
    if (frame === null) {
      frame = requestAnimationFrame(() => {
        frame = null;
        analyze();
      });
    }
  }

  return {
    model, analyze, schedule,
    analyzing: () => analyzing,
    /** Resolved once every panel of the shown result could draw (its facts are in). */
    factsDone: () => (model.factsPending && factsDone ? factsDone : Promise.resolve()),
  };
}
