class Batch:
    def __init__(self, items):
        self.items = items
    def __len__(self):
        return len(self.items)

b = Batch([1, 2, 3])
print(len(b))
print(b[1:])
