// i18n/words.js — the words of nodes a view makes once (labels, buttons, options, placeholders) kept in the
// page's language: each is registered with its catalogue key, written at once, and written again by sync()
// when the language changed since (views call it first in draw, so a switch relabels in place: no node is
// rebuilt, the values typed into them stay).
import { lang, t } from './i18n.js';

export function createWords() {
  const items = [];
  let shown = lang();
  const write = ([node, attr, key, vars]) => {
    const s = t(key, typeof vars === 'function' ? vars() : vars);
    if (attr) {
      if (node.getAttribute(attr) !== s) node.setAttribute(attr, s);
    } else if (node.textContent !== s) node.textContent = s;
  };
  const add = (item) => {
    items.push(item);
    write(item);
    return item[0];
  };
  return {
    /** A Text node holding message key (vars: an object, or a function read at each write). */
    text: (key, vars) => add([document.createTextNode(''), null, key, vars]),
    /** node's whole text as message key. */
    set: (node, key, vars) => add([node, null, key, vars]),
    /** node's attribute name as message key. */
    attr: (node, name, key, vars) => add([node, name, key, vars]),
    /** Rewrites every registered word when the language changed; returns whether it did. */
    sync() {
      if (shown === lang()) return false;
      shown = lang();
      for (const it of items) write(it);
      return true;
    },
  };
}

/** Message key with some placeholders filled by nodes (nodes: {name: Node}, e.g. the core's English message in a
 *  translate="no" span, a <code> command), the rest by vars: the pieces to append, in order. */
export function pieces(key, vars, nodes) {
  const names = Object.keys(nodes);
  const marked = { ...vars };
  names.forEach((n, i) => { marked[n] = `\u0001${i}\u0002`; });
  return t(key, marked).split(/\u0001(\d+)\u0002/).map((s, j) => (j % 2 ? nodes[names[Number(s)]] : s)).filter((x) => x !== '');
}

/** s with each number kept on the line of the unit after it (a word, not a symbol's "d=64") (U+00A0 for the space between) on the Chinese page,
 *  whose lines break between any two characters; the English page's text stays byte for byte what it was. */
export const keepUnits = (s) => (lang() === 'zh' ? String(s).replace(/(\d) (?=[^\s\d=]+(?:[\s,，;；)）·]|$))/g, '$1\u00a0') : String(s));
