from graph_lab import trace, F
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
def fib(n, memo={}):
    if n in memo:
        return memo[n]
    r = n if n < 2 else fib(n - 1) + fib(n - 2)
    memo[n] = r
    return r
print(fact(10), fib(30))
trace(lambda x: F.exp(x), {"x": (2,)})
