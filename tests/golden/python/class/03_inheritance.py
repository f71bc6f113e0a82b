class Animal:
    sound = "..."
    def __init__(self, name):
        self.name = name
    def speak(self):
        return self.name + " says " + self.sound
    def kind(self):
        return "animal"

class Dog(Animal):
    sound = "woof"
    def kind(self):
        return "dog, an " + super().kind()

class Puppy(Dog):
    def __init__(self, name, age):
        super().__init__(name)
        self.age = age
    def speak(self):
        return super().speak() + "!" * self.age

for a in [Animal("generic"), Dog("rex"), Puppy("bit", 3)]:
    print(a.speak(), "|", a.kind())
print(isinstance(Puppy("p", 1), Animal), issubclass(Puppy, Dog), issubclass(Dog, Puppy))
print(Puppy.__bases__, Puppy.__base__, Dog.__mro__)
print(Puppy.__name__, Puppy.__qualname__, Puppy.__module__)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
