// i18n/en/help.js — the help dialog's own words (web/help.js); the pages are docs/panels/*.md.
export default {
  'help.heading': 'Help: {panel}',
  'help.dialog': 'help',
  'help.close': 'close help',
  'help.loading': 'loading…',
  'help.failed': 'The help pages could not be loaded ({error}).',
  'help.missing': 'No help page for “{panel}”.',
  'help.button': 'what this panel shows (docs/panels/{file})',
  'help.glossary': 'glossary',
};
