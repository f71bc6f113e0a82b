// lessons-catalog.test.js — web/lessons/catalog.js (the lessons as an ES module, imported by the page and
// inlined in make dist) is what lessons/build-catalog.mjs writes from lessons/*.json: a lesson edited
// without regenerating the catalog fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { CATALOG, catalogText } from '../lessons/build-catalog.mjs';
import { LESSONS } from '../web/lessons/catalog.js';

describe('the lesson catalog', () => {
  it('is up to date with lessons/*.json (run `node lessons/build-catalog.mjs`)', () => {
    expect(readFileSync(CATALOG, 'utf8')).toBe(catalogText());
  });
  it('holds each lesson file as it is', () => {
    for (const [name, obj] of Object.entries(LESSONS)) {
      expect(obj).toEqual(JSON.parse(readFileSync(new URL(`../lessons/${name}.json`, import.meta.url), 'utf8')));
    }
  });
});
