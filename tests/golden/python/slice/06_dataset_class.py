# A Dataset as a student writes it: __getitem__ with an int or a slice
class Dataset:
    def __init__(self, samples, labels):
        self.samples = list(samples)
        self.labels = list(labels)

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            start, stop, step = idx.indices(len(self))
            return Dataset(self.samples[start:stop:step], self.labels[idx])
        if not isinstance(idx, int):
            raise TypeError(f"Dataset indices must be integers or slices, not {type(idx).__name__}")
        if idx < 0:
            idx += len(self)
        if not 0 <= idx < len(self):
            raise IndexError("Dataset index out of range")
        return self.samples[idx], self.labels[idx]

    def __repr__(self):
        return f"Dataset({len(self)} samples)"

ds = Dataset([[i, i * i] for i in range(10)], "aabbccddee")
print(ds, len(ds), ds[0], ds[-1])
train, test = ds[:8], ds[8:]
print(train, test, test[0])
print(ds[::3].samples, ds[::3].labels)
print(ds[-3:].labels, ds[5:2:-1].samples)
print(ds[slice(2, 4)].samples)
for x, y in ds[1:4]:
    print(x, y)
batches = [ds[i:i + 4] for i in range(0, len(ds), 4)]
print(batches, [b.labels for b in batches])
print(list(ds[7:])[0])
try:
    ds["a"]
except TypeError as e:
    print("TypeError:", e)
try:
    ds[20]
except IndexError as e:
    print("IndexError:", e)
try:
    ds[::0]
except ValueError as e:
    print("ValueError:", e)

class Recorder:
    def __getitem__(self, key):
        return key

r = Recorder()
print(r[1:2], r[:], r[::], r[1:], r[:2], r[::3], r[1:2:3], r["a":"b"], r[None:None])
print(r[1:2, 3], r[:, 0], r[..., 1:], r[1:2, ::-1], r[(slice(1),)])
k = r[1:5:2]
print(type(k).__name__, k.start, k.stop, k.step, k == slice(1, 5, 2))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
