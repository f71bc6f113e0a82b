from graph_lab import trace, F
count = 0
def bump():
    count += 1
    return count
bump()
