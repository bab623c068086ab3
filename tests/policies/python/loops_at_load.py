"""A Python file that never finishes loading (tests)."""
while True:
    pass
