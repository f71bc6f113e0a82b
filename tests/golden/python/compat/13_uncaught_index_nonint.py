# an __index__ that returns a str
class Slot:
    def __init__(self, name):
        self.name = name

    def __index__(self):
        return self.name


row = ["a", "b", "c"]
print(row[0])
print(row[Slot("1")])
