# a dict is no seed
import random

random.seed("fine")
print(random.randint(1, 10))
random.seed({"a": 1})
