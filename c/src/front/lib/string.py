# string — the constants of CPython's Lib/string.py, capwords and Template.

__all__ = ['ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'capwords', 'digits', 'hexdigits', 'octdigits',
           'printable', 'punctuation', 'whitespace', 'Template']

whitespace = ' \t\n\r\v\f'
ascii_lowercase = 'abcdefghijklmnopqrstuvwxyz'
ascii_uppercase = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
ascii_letters = ascii_lowercase + ascii_uppercase
digits = '0123456789'
hexdigits = digits + 'abcdef' + 'ABCDEF'
octdigits = '01234567'
punctuation = r"""!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"""
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    return (sep or ' ').join(map(str.capitalize, s.split(sep)))


def _merged(mapping, kws):
    # substitute's and safe_substitute's one mapping: the keywords, over the mapping when both are given
    if mapping is None:
        return kws
    return {**mapping, **kws} if kws else mapping


class Template:
    """$-substitution as CPython's string.Template: $$ is a $, $name and ${name} are placeholders (name an
    ASCII identifier, as its default idpattern with re.IGNORECASE), anything else after a $ is invalid."""
    delimiter = '$'

    def __init__(self, template):
        self.template = template

    def _parts(self):
        # ('text', s) | ('name', name, as written) | ('invalid', index) in order, as CPython's pattern reads them
        s, out, i, n = self.template, [], 0, len(self.template)
        idstart = ascii_letters + '_'
        idchars = idstart + digits
        while i < n:
            j = s.find('$', i)
            if j < 0:
                out.append(('text', s[i:]))
                break
            out.append(('text', s[i:j]))
            k = j + 1
            if k < n and s[k] == '$':
                out.append(('text', '$'))
                i = k + 1
            elif k < n and s[k] in idstart:
                e = k
                while e < n and s[e] in idchars:
                    e += 1
                out.append(('name', s[k:e], s[j:e]))
                i = e
            elif k < n and s[k] == '{' and k + 1 < n and s[k + 1] in idstart:
                e = k + 1
                while e < n and s[e] in idchars:
                    e += 1
                if e < n and s[e] == '}':
                    out.append(('name', s[k + 1:e], s[j:e + 1]))
                    i = e + 1
                else:
                    out.append(('invalid', j + 1))
                    i = k
            else:
                out.append(('invalid', j + 1))
                i = k
        return out

    def _invalid(self, i):
        lines = self.template[:i].splitlines(keepends=True)
        if not lines:
            colno, lineno = 1, 1
        else:
            colno = i - len(''.join(lines[:-1]))
            lineno = len(lines)
        raise ValueError('Invalid placeholder in string: line %d, col %d' % (lineno, colno))

    def substitute(self, mapping=None, /, **kws):
        mapping = _merged(mapping, kws)
        out = []
        for part in self._parts():
            if part[0] == 'text':
                out.append(part[1])
            elif part[0] == 'name':
                out.append('%s' % (mapping[part[1]],))
            else:
                self._invalid(part[1])
        return ''.join(out)

    def safe_substitute(self, mapping=None, /, **kws):
        mapping = _merged(mapping, kws)
        out = []
        for part in self._parts():
            if part[0] == 'text':
                out.append(part[1])
            elif part[0] == 'name':
                try:
                    out.append('%s' % (mapping[part[1]],))
                except KeyError:
                    out.append(part[2])        # left as written
            else:
                out.append('$')
        return ''.join(out)
