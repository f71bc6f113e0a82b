// lib.js — the two third-party libraries, as ES modules copied into app/vendor/ by tools/build-web.mjs
// (d3's UMD build wrapped as a module, dagre's own ESM build). Nothing is fetched from elsewhere.
import d3 from './vendor/d3.mjs';
import dagre from './vendor/dagre.mjs';

export { d3, dagre };
