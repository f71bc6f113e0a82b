// core-meta.js — the core's meta and presets (lab.meta(), lab.presets(): limits, tables, models, devices) as
// the build wrote them beside the page (tools/build-web.mjs: app/core-meta.json, from the very module it
// serves). The page and the analysis worker read them from there while a link loads instead of asking a
// module that has just been instantiated: its first calls run cold (the JSON writer's number formatting
// under V8's baseline compiler), tens of milliseconds on each thread before the first graph. The file is
// taken only for the module version it names; the page compares it with its module's own answers once the
// first graph is drawn (moduleCoreMeta) and takes the module's if they differ (a module rebuilt alone).

/** The file's {version, meta, presets}, or null (no such file, a file:// page, a bad answer). asked: the
 *  Promise of its Response when it was asked for already (start.js), else it is fetched from url now. */
export function fetchCoreMeta(url, asked = null) {
  try {
    return (asked || fetch(url, { credentials: 'same-origin' }))
      .then((r) => (r.ok ? r.json() : null))
      .then((j) => (j && typeof j === 'object' && j.meta && j.presets ? j : null))
      .catch(() => null);
  } catch {
    return Promise.resolve(null);
  }
}

/** {meta, presets}: the file's when it is for this module's version, else the module's. */
export function coreMetaOf(lab, known) {
  if (known && known.version === lab.version) return { meta: known.meta, presets: known.presets };
  return { meta: typeof lab.meta === 'function' ? lab.meta() : null, presets: lab.presets() };
}

/** The module's own {meta, presets} when they differ from the file's, else null. */
export function moduleCoreMeta(lab, known) {
  const own = coreMetaOf(lab, null);
  return JSON.stringify(own.meta) === JSON.stringify(known.meta) && JSON.stringify(own.presets) === JSON.stringify(known.presets) ? null : own;
}
