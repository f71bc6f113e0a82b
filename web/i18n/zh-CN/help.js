// i18n/zh-CN/help.js — 帮助对话框本身的文字（web/help.js）；帮助页是 docs/panels/zh-CN/*.md。
export default {
  'help.heading': '帮助：{panel}',
  'help.dialog': '帮助',
  'help.close': '关闭帮助',
  'help.loading': '加载中…',
  'help.failed': '帮助页加载失败（{error}）。',
  'help.missing': '没有“{panel}”的帮助页。',
  'help.button': '这个面板显示什么（docs/panels/zh-CN/{file}）',
  'help.glossary': '术语表',
};
