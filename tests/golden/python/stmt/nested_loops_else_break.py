from graph_lab import trace, F
primes = []
for n in range(2, 20):
    for d in range(2, n):
        if n % d == 0:
            break
    else:
        primes.append(n)
print(primes)
trace(lambda x: F.exp(x), {"x": (2,)})
