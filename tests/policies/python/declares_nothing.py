"""A Python file that declares no policy (tests)."""
x = 1
