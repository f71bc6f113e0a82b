x = {}
for i in range(3):
    x[[i]] = i
