// i18n/zh-CN/help.js — 帮助对话框本身的文字（web/help.js）；帮助页是 docs/panels/zh-CN/*.md。
// 键与占位符和 zhv2 分支 zh-CN/panels.js 中帮助对话框的相同。
export default {
  'help.heading': '帮助：{panel}',
  'help.dialog': '帮助',
  'help.close': '关闭帮助',
  'help.loading': '载入中…',
  'help.failed': '帮助页面无法载入（{msg}）。',
  'help.none': '没有“{name}”的帮助页面。',
  'help.btn': '这个面板显示什么（docs/panels/zh-CN/{name}.md）',
  'help.glossary': '术语表',
};
