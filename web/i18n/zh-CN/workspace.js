// zh-CN/workspace.js — 工作区的文字（shell/workspace.js、shell/splitter.js）。
export default {
  'ws.split.side': '调整侧栏宽度（← → 键）',
  'ws.split.rail': '调整课程栏宽度（← → 键）',
  'ws.split.dock': '调整图下方面板的高度（↑ ↓ 键）',
};
