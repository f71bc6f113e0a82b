from graph_lab import trace, F
def area(width, height):
    return width * height
area(3)
