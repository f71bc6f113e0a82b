# sys — what a program reads of the interpreter: its version (GraphLab answers as the CPython 3.11 it follows),
# the integer limits, argv, and exit (SystemExit, as CPython raises it). No stdin / stdout objects: print()
# writes the program's console.

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
    _recursion_limit = limit
