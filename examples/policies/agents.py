"""Gutierrez-Garcia & Sim 2012's (LtoS, MaxET) heuristic and I-ElasticAM, as Python policies of
the agents' three decision points.

They decide what botsim's built-in `LtoS`, `MaxET` and `i-elastic` decide, so that a consumer
agent run with `heuristic="ltos-py,maxet-py"` and `allocation="i-elastic-py"` gives the same
results files as with `LtoS,MaxET` and `i-elastic` (tests/cli checks it; summary.json names the
policies it ran):

  botsim run platforms/ec2-2012.xml deployments/gutierrez2012-demo.xml \
      --plugin examples/policies/agents.py \
      --set CA0.heuristic=ltos-py,maxet-py --set CA0.allocation=i-elastic-py
"""
import botsim


@botsim.ordering("ltos-py", "Table 1's LtoS in Python: the largest task first")
class LargestFirst:
    def rank(self, task):
        # Tasks go by increasing rank, ties in the bag's order.
        return -task.size_mi


@botsim.mapping("maxet-py", "Table 2's MaxET in Python: the largest expected remaining "
                "allocation time once the task is done")
class MaxET:
    def choose(self, view):
        now, size = view.now, view.task.size_mi  # read once: each read asks botsim
        best, best_value = None, None
        for r in view.unoccupied:  # by increasing id: ties go to the lowest
            value = r.alloc_end - now - size / r.speed_mips
            if best is None or value > best_value:
                best, best_value = r.id, value
        return best


@botsim.allocation("i-elastic-py", "I-ElasticAM in Python (Fig. 3): a busy resource renewed "
                   "for one slot a minute before its allocation ends, an idle one released")
class IElastic:
    initial_slots = 1  # Section 3: each resource is first allocated for one hour

    def renew(self, check):
        return 1 if check.busy else 0
