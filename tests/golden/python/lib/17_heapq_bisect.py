# heapq (a priority queue, heapify, nlargest / nsmallest, merge) and bisect (grades, insort with key=), with the C modules' errors
import heapq, bisect
h = []
for v in [5, 1, 8, 3, 9, 2]:
    heapq.heappush(h, v)
print(h, [heapq.heappop(h) for _ in range(3)], h)
xs = [9, 4, 7, 1, 8]; heapq.heapify(xs); print(xs, heapq.heappushpop(xs, 0), heapq.heapreplace(xs, 10), xs)
print(heapq.nlargest(3, [5, 1, 8, 3, 9]), heapq.nsmallest(2, ["bb", "a", "ccc"], key=len), heapq.nlargest(2, [("a", 2), ("b", 2), ("c", 1)], key=lambda t: t[1]))
print(list(heapq.merge([1, 4, 7], [2, 5], [3, 6, 9])), list(heapq.merge([3, 1], [2], reverse=True)), list(heapq.merge(["a", "bb"], ["c"], key=len)))
pq = []; heapq.heappush(pq, (2, "b")); heapq.heappush(pq, (1, "a")); print(heapq.heappop(pq), pq[0])
for bad in [lambda: heapq.heappop([]), lambda: heapq.heappush(1, 2), lambda: heapq.heapify((1,)), lambda: bisect.bisect([1], 1, -1)]:
    try:
        bad()
    except (IndexError, TypeError, ValueError) as e:
        print(type(e).__name__, e)
a = [1, 2, 4, 4, 8]
print(bisect.bisect_left(a, 4), bisect.bisect_right(a, 4), bisect.bisect(a, 5), bisect.bisect_left(a, 4, 3), bisect.bisect_right(a, 4, 0, 2))
bisect.insort(a, 3); bisect.insort_left(a, 4); print(a)
rows = [("a", 1), ("c", 5)]; bisect.insort(rows, ("b", 3), key=lambda r: r[1]); print(rows, bisect.bisect_left(rows, 4, key=lambda r: r[1]))
grades = "FDCBA"; print([grades[bisect.bisect([60, 70, 80, 90], s)] for s in [33, 99, 77, 70, 89, 90, 100]])
from heapq import *
from bisect import bisect_left as bl
print(nsmallest(1, [3, 2]), bl([1, 3], 2))
from graph_lab import F, trace
trace(lambda x: F.exp(x), {"x": (bisect.bisect([1, 2, 3], 2),)})
