# sys — what a program reads of the interpreter: its version (GraphLab answers as the CPython 3.11 it follows),
# the integer limits, argv, exit (SystemExit, as CPython raises it), and stdout / stderr: both write to the
# program's console (the lab shows one console, as a terminal shows both streams), so print(..., file=sys.stderr)
# and sys.stdout.write(...) work as students write them. No stdin. setrecursionlimit holds the program's calls to
# the new limit (a C helper, py_lib.c: _set_recursion_limit; they run on the heap, so memory is the bound).

__all__ = []

version_info = (3, 11, 0, 'final', 0)
version = '3.11.0 (GraphLab)'
hexversion = 0x030B00F0
implementation_name = 'graphlab'
maxsize = 9223372036854775807
byteorder = 'little'
platform = 'graphlab'
argv = ['']
modules = {}
float_info_epsilon = 2.220446049250313e-16
_recursion_limit = 1000


class _Console:
    def __init__(self, name):
        self.name = name

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError('write() argument must be str, not %s' % type(s).__name__)
        print(s, end='')
        return len(s)

    def flush(self):
        pass

    def isatty(self):
        return False

    def __repr__(self):
        return "<_io.TextIOWrapper name='<%s>' mode='w' encoding='utf-8'>" % self.name


stdout = _Console('stdout')
stderr = _Console('stderr')
__stdout__ = stdout
__stderr__ = stderr


def exit(status=None):
    raise SystemExit(status)


def getrecursionlimit():
    return _recursion_limit


def setrecursionlimit(limit):
    global _recursion_limit
    if not isinstance(limit, int):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(limit).__name__)
    if limit < 1:
        raise ValueError('recursion limit must be greater or equal than 1')
    _set_recursion_limit(limit)
    _recursion_limit = limit
