// kernels/names.js — a fused kernel's name as the page shows it. The core names kernels in English from a closed
// vocabulary (c/src/io/lab_facts.c base_name and short_name: "Q projection + RoPE", "attention RMSNorm",
// "L3 O projection + residual", "O proj."); the Chinese page says the words in Chinese and keeps the code
// (flash_attn, RoPE, SiLU, Q·Kᵀ, weight names) as it is. The English page shows the core's name unchanged.
import { lang } from '../../i18n/i18n.js';

// longest phrases first: each is replaced once, where it stands (the core's order of parts)
const ZH = [
  ['attention (flash_attn)', '注意力（flash_attn）'],
  ['attention scores ', '注意力分数 '],
  ['attention output ', '注意力输出 '],
  ['attention softmax', '注意力 softmax'],
  ['attention RMSNorm', '注意力 RMSNorm'],
  ['final RMSNorm', '最终 RMSNorm'],
  ['K cache write', 'K 缓存写入'],
  ['V cache write', 'V 缓存写入'],
  ['cache write', '缓存写入'],
  ['LM head', 'LM 输出头'],
  ['scores ', '分数 '],
  [' projection', ' 投影'],
  [' proj.', ' 投影'],
  [' + residual', ' + 残差'],
  [' + mask', ' + 掩码'],
  [' × scale', ' × 缩放'],
  [' × gate', ' × 门控'],
  [' + x² (next RMSNorm)', ' + x²（供下一个 RMSNorm）'],
];

/** The core's kernel name (or its chart label) in the language shown. */
export function kernelNameText(name, which = lang()) {
  if (which !== 'zh' || typeof name !== 'string') return name;
  let s = name;
  for (const [en, zh] of ZH) if (s.includes(en)) s = s.replace(en, zh);
  return s;
}
