"""No-Opt (Sulistio & Buyya 2005, section 5) as a Python policy of the auction broker.

It decides what botsim's built-in `no-opt` decides, drawing from the same random stream in the
same order, so that a scenario run with `policy="no-opt-py"` gives the same results files as
with `no-opt` (tests/policies checks it): tasks dealt in turn to every resource, shuffled, one
fixed bid for the whole run; a failed resource's tasks go to the resources holding the fewest
queued tasks of the user.

  botsim run examples/01-one-resource.platform.xml examples/02-proportional-share.xml \
      --plugin examples/policies/no_opt.py --set U0.policy=no-opt-py --set U1.policy=no-opt-py
"""
import botsim


@botsim.auction("no-opt-py", "the built-in `no-opt` in Python: tasks spread evenly at random, "
                "one fixed bid (prop `bid`, cents/min) for the whole run")
class NoOpt:
    def __init__(self, props):
        self.bid = props.money("bid", None, 1e-9)
        self.fixed_bid = self.bid  # the broker says why, if it must bid another
        self.label = "no-opt"      # summary.json's "policy"

    def start(self, view):
        n, m = len(view.resources), view.tasks
        where = [task % n for task in range(m)]  # dealt in turn...
        view.random.shuffle(where)               # ...in a random order
        plan = botsim.AuctionPlan()
        for resource in range(n):
            plan.open(resource, self.bid)
        for task in range(m):
            plan.submit(task, where[task])
        return plan

    def place(self, view, tasks):
        # Each task to a resource holding the fewest queued tasks of the user, ties at random.
        resources, lengths = view.resources, view.lengths
        alive = [r.index for r in resources if not r.failed]
        queued = [r.queued if r.has_progress else 0 for r in resources if not r.failed]
        where = []
        for _ in tasks:
            least = min(queued)
            ties = [k for k, q in enumerate(queued) if q == least]
            k = ties[view.random.index(len(ties))]
            where.append(alive[k])
            queued[k] += 1
        load = {}
        for task, resource in zip(tasks, where):
            load[resource] = load.get(resource, 0.0) + lengths[task]
        plan = botsim.AuctionPlan()
        for resource in alive:
            if not resources[resource].open and load.get(resource, 0.0) != 0:
                plan.open(resource, self.bid)
        for task, resource in zip(tasks, where):
            plan.submit(task, resource)
        return plan
