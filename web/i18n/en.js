// en.js — the lab's English strings (i18n.js). Every key here is in zh-CN.js too, with the same {placeholders}
// (tests/web/i18n.test.js). Numbers, units and code stay out of the strings: they go in through placeholders.
import glossary from './en/glossary.js';
import lessons from './en/lessons.js';
import panels from './en/panels.js';
import views from './en/views.js';
import present from './en/present.js';
import workspace from './en/workspace.js';

export default {
  ...glossary,
  ...lessons,
  ...panels,
  ...views,
  ...present,
  ...workspace,
  'app.subtitle': 'a Llama-style layer, traced · rewritten · fused · costed · planned · run',
  'app.skip': 'Skip to the graph',
  'app.panels': 'panels',
  'app.notice.dismiss': 'dismiss',
  'lang.label': 'Language',
  'lang.title': 'the lab\'s language (key in a link: lang=zh or lang=en)',
  'inst.off': 'Instructor mode',
  'inst.on': 'Instructor mode: on',
  'inst.title': 'large type, high contrast (key: i)',
  'present.label': 'Present',
  'present.title': 'presentation layout: the graph fills the screen (key: p)',
  'panel.program.title': 'Program',
  'panel.passes.title': 'Passes (Python)',
  'panel.passes.heading': 'Passes as code: edit one, run it, the compiler judges it',
  'panel.config.title': 'Config',
  'panel.graph.title': 'Graph & passes',
  'panel.graph.keys': '← → step · space play · p present',
  'panel.kernels.title': 'Kernels & roofline',
  'panel.memory.title': 'Memory plan',
  'panel.numerics.title': 'Numerics (WASM worker)',
  'panel.numerics.heading': 'Numerics (float64, in a Web Worker)',
  'panel.dynamic.title': 'Dynamic shapes & graph breaks',
  'panel.ir.title': 'IR text & diff',
  'panel.ir.keys': '/ search',
  'panel.code.title': 'Code',
  'panel.code.heading': 'Generated code',
  'help.open': 'help: {panel}',
  'ir.scalar': 'scalar',
  'ir.return': 'return',
  'table.row': 'row',   // a table's row-header column, for screen readers (dom.js table)
  'ir.lines': '{n, plural, one {# line} other {# lines}}',
  'error.prefix': 'The analysis failed:',
};
