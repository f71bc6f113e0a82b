// lessons/player/lessons.js — the lesson player's catalog: each lesson of catalog.js validated once, on first
// use (format.js), and the reason a lesson could not be used. Split out of lessons/player.js so the flow never
// handles a lesson file that failed validation.
import { LESSONS } from '../catalog.js';
import { validateLesson } from '../format.js';
import { lessonWords } from '../words.js';

/** Returns {lesson(name) → validated lesson | null, problem(name) → " (why)" | "", menu(lang) → the menu's items,
 *  their words in lang}. */
export function createLessons() {
  const lessons = new Map();   // name → validated lesson (validated once, on first use)
  const bad = new Map();       // name → the LessonError's message
  function lesson(name) {
    if (lessons.has(name)) return lessons.get(name);
    if (bad.has(name) || !Object.prototype.hasOwnProperty.call(LESSONS, name)) return null;
    try {
      const l = validateLesson(LESSONS[name], name);
      lessons.set(name, l);
      return l;
    } catch (err) {
      bad.set(name, err && err.message ? err.message : String(err));
      console.warn(`lesson ${name}:`, err);
      return null;
    }
  }
  /** Why a lesson that failed validation is not played, as " (message)"; "" for any other. */
  const problem = (name) => (bad.has(name) ? ` (${bad.get(name)})` : '');
  const menu = (lang) => Object.keys(LESSONS).map((name) => {
    const w = lessonWords(LESSONS[name], lang);
    return { name, title: w.title || name, summary: w.summary || '' };
  });
  return { lesson, problem, menu };
}
