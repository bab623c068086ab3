"""Provisioning policies that fail in the middle of a run (tests)."""
import botsim


@botsim.provisioning("divides-by-zero", "raises ZeroDivisionError once a task ended (tests)")
class DividesByZero:
    def start(self, view):
        return botsim.CloudDecision().start_instances(view.task_type.name, 1)

    def task_ended(self, view, end):
        return 1 / (view.tasks_done - view.tasks_done)


@botsim.provisioning("negative-count-py", "starts -2 instances once a task ended (tests)")
class NegativeCount:
    def start(self, view):
        return botsim.CloudDecision().start_instances(view.task_type.name, 1)

    def task_ended(self, view, end):
        return botsim.CloudDecision().start_instances(view.task_type.name, -2)


@botsim.provisioning("wrong-type-returned", "returns a number, not a decision (tests)")
class WrongType:
    def start(self, view):
        return 3


@botsim.provisioning("never-returns", "loops forever when asked to start (tests)")
class NeverReturns:
    def start(self, view):
        while True:
            pass


@botsim.provisioning("keeps-the-view", "uses a view after its call (tests)")
class KeepsTheView:
    def start(self, view):
        self.view = view
        return botsim.CloudDecision().start_instances(view.task_type.name, 1)

    def task_ended(self, view, end):
        return botsim.CloudDecision() if self.view.now >= 0 else None


@botsim.auction("nan-bid-py", "bids NaN (tests)")
class NanBid:
    def start(self, view):
        return botsim.AuctionPlan().open(0, float("nan"))

    def place(self, view, tasks):
        return None
