// zh-CN.js — 实验室的中文字符串（i18n.js）。键与 en.js 一一对应，占位符 {…} 相同（tests/web/i18n.test.js）。
import glossary from './zh-CN/glossary.js';
import lessons from './zh-CN/lessons.js';
import panels from './zh-CN/panels.js';
import views from './zh-CN/views.js';
import present from './zh-CN/present.js';
import workspace from './zh-CN/workspace.js';

export default {
  ...glossary,
  ...lessons,
  ...panels,
  ...views,
  ...present,
  ...workspace,
  'app.subtitle': '一个 Llama 式的层：追踪 · 改写 · 融合 · 估算代价 · 规划内存 · 运行',
  'app.skip': '跳到计算图',
  'app.panels': '面板',
  'app.notice.dismiss': '关闭',
  'lang.label': '语言',
  'lang.title': '实验室的语言（链接里的键：lang=zh 或 lang=en）',
  'inst.off': '教师模式',
  'inst.on': '教师模式：开',
  'inst.title': '大字号、高对比度（快捷键 i）',
  'present.label': '演示',
  'present.title': '演示布局：计算图占满屏幕（快捷键 p）',
  'panel.program.title': '程序',
  'panel.passes.title': '编写 pass（Python）',
  'panel.passes.heading': 'Pass 即代码：改一个、运行它、由编译器评判',
  'panel.config.title': '配置',
  'panel.graph.title': '计算图与 pass',
  'panel.graph.keys': '← → 单步 · 空格 播放 · p 演示',
  'panel.kernels.title': '内核与 roofline',
  'panel.memory.title': '内存规划',
  'panel.numerics.title': '数值（WASM worker）',
  'panel.numerics.heading': '数值（float64，在 Web Worker 里）',
  'panel.dynamic.title': '动态形状与 graph break',
  'panel.ir.title': 'IR 文本与差异',
  'panel.ir.keys': '/ 搜索',
  'panel.code.title': '代码',
  'panel.code.heading': '生成的代码',
  'help.open': '帮助：{panel}',
  'ir.scalar': '标量',
  'ir.return': '返回',
  'table.row': '行',   // a table's row-header column, for screen readers (dom.js table)
  'ir.lines': '{n, plural, other {# 行}}',
  'error.prefix': '分析失败：',
};
