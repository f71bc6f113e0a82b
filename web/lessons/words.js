// lessons/words.js — a lesson's words in one language: every lesson and step carries English (its own fields)
// and Chinese (its `zh` object, format.js); the steps, states, assertions and questions are the same, only the
// words differ. Pure module.

/** The lesson's {title, summary} in lang ('en' | 'zh'); l: as validateLesson returns it. */
export function lessonWords(l, lang) {
  if (lang === 'zh' && l.zh) return { title: l.zh.title, summary: l.zh.summary };
  return { title: l.title, summary: l.summary };
}

/** The step's {title (or null), text, prompt (its question's, or null)} in lang; step: a validated step. */
export function stepWords(step, lang) {
  const q = step.question;
  if (lang === 'zh' && step.zh) return { title: step.zh.title ?? null, text: step.zh.text, prompt: q ? step.zh.prompt : null };
  return { title: step.title ?? null, text: step.text, prompt: q ? q.prompt : null };
}
