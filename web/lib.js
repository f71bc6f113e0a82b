// lib.js — the two third-party libraries, as ES modules copied into app/vendor/ by tools/build-web.mjs
// (the d3 functions the lab uses, bundled from d3's ES modules; dagre's own ESM build). Nothing is fetched from elsewhere.
import * as d3 from './vendor/d3.mjs';
import dagre from './vendor/dagre.mjs';

export { d3, dagre };
