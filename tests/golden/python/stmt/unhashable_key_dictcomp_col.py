d = {i: i for i in [[1]]}
