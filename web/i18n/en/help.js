// i18n/en/help.js — the help dialog's own words (web/help.js); the pages are docs/panels/*.md. The keys and
// placeholders are the ones the zhv2 branch gives the dialog in en/panels.js (the same English), so the two
// catalogues can meet without a clash.
export default {
  'help.heading': 'Help: {panel}',
  'help.dialog': 'help',
  'help.close': 'close help',
  'help.loading': 'loading…',
  'help.failed': 'The help pages could not be loaded ({msg}).',
  'help.none': 'No help page for "{name}".',
  'help.btn': 'what this panel shows (docs/panels/{name}.md)',
  'help.glossary': 'glossary',
};
