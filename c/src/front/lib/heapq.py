# heapq — the binary min-heap on a list (CPython's Lib/heapq.py, with the C module's argument errors).
# GraphLab runs this file as the module heapq (py_lib.c).

__all__ = ['heappush', 'heappop', 'heapify', 'heapreplace', 'merge', 'nlargest', 'nsmallest', 'heappushpop']


def _want_list(fn, heap):
    if not isinstance(heap, list):
        which = "argument" if fn in ("heappop", "heapify") else "argument 1"   # one-argument functions say "argument"
        raise TypeError(f"{fn}() {which} must be list, not {type(heap).__name__}")


def heappush(heap, item):
    _want_list('heappush', heap)
    heap.append(item)
    _siftdown(heap, 0, len(heap) - 1)


def heappop(heap):
    _want_list('heappop', heap)
    if not heap:
        raise IndexError('index out of range')
    lastelt = heap.pop()
    if heap:
        returnitem = heap[0]
        heap[0] = lastelt
        _siftup(heap, 0)
        return returnitem
    return lastelt


def heapreplace(heap, item):
    _want_list('heapreplace', heap)
    if not heap:
        raise IndexError('index out of range')
    returnitem = heap[0]
    heap[0] = item
    _siftup(heap, 0)
    return returnitem


def heappushpop(heap, item):
    _want_list('heappushpop', heap)
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _siftup(heap, 0)
    return item


def heapify(x):
    _want_list('heapify', x)
    n = len(x)
    for i in reversed(range(n // 2)):
        _siftup(x, i)


def _siftdown(heap, startpos, pos):
    newitem = heap[pos]
    while pos > startpos:
        parentpos = (pos - 1) >> 1
        parent = heap[parentpos]
        if newitem < parent:
            heap[pos] = parent
            pos = parentpos
            continue
        break
    heap[pos] = newitem


def _siftup(heap, pos):
    endpos = len(heap)
    startpos = pos
    newitem = heap[pos]
    childpos = 2 * pos + 1
    while childpos < endpos:
        rightpos = childpos + 1
        if rightpos < endpos and not heap[childpos] < heap[rightpos]:
            childpos = rightpos
        heap[pos] = heap[childpos]
        pos = childpos
        childpos = 2 * pos + 1
    heap[pos] = newitem
    _siftdown(heap, startpos, pos)


def merge(*iterables, key=None, reverse=False):
    # lazily, ties taken from the earlier iterable first (as CPython's)
    its = [iter(it) for it in iterables]
    heads = []
    for i, it in enumerate(its):
        for v in it:
            heads.append([v, i])
            break
    while heads:
        best = 0
        for j in range(1, len(heads)):
            a = heads[j][0] if key is None else key(heads[j][0])
            b = heads[best][0] if key is None else key(heads[best][0])
            if (b < a) if reverse else (a < b):
                best = j
        v, i = heads[best]
        yield v
        for nv in its[i]:
            heads[best][0] = nv
            break
        else:
            heads.pop(best)


def nsmallest(n, iterable, key=None):
    # equivalent to sorted(iterable, key=key)[:n] (CPython's documented result, ties in input order)
    if n <= 0:
        return []
    return sorted(iterable, key=key)[:n]


def nlargest(n, iterable, key=None):
    # equivalent to sorted(iterable, key=key, reverse=True)[:n]
    if n <= 0:
        return []
    return sorted(iterable, key=key, reverse=True)[:n]
