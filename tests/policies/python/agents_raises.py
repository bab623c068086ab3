"""Agents policies that fail on purpose, for the tests of bad decisions (tests/cli)."""
import botsim


@botsim.mapping("picks-a-stranger", "answers a resource it was not offered")
class PicksAStranger:
    def choose(self, view):
        return 999


@botsim.mapping("divides-by-zero", "raises in the middle of the run")
class DividesByZero:
    def choose(self, view):
        return view.unoccupied[0].id // 0


@botsim.mapping("returns-text", "answers a name, not an id")
class ReturnsText:
    def choose(self, view):
        return "fastest"


@botsim.ordering("nan-rank", "ranks every task NaN")
class NaNRank:
    def rank(self, task):
        return float("nan")


@botsim.allocation("renews-negative", "renews for -1 slots")
class RenewsNegative:
    def renew(self, check):
        return -1


@botsim.allocation("no-slot-first", "allocates no slot when composing a resource")
class NoSlotFirst:
    initial_slots = 0

    def renew(self, check):
        return 0


@botsim.mapping("changes-a-resource", "writes into what it is shown")
class ChangesAResource:
    def choose(self, view):
        view.unoccupied[0].alloc_end = 0
        return view.unoccupied[0].id


@botsim.mapping("keeps-the-view", "reads a view after its call")
class KeepsTheView:
    def __init__(self):
        self.view = None

    def choose(self, view):
        if self.view is not None:
            return self.view.unoccupied[0].id
        self.view = view
        return view.unoccupied[0].id
