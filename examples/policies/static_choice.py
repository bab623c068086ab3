"""The static choice of Silva, Veiga & Ferreira 2008 (Fig. 1), as a Python policy.

It decides what botsim's built-in `static` decides, so that a scenario run with
`policy="static-py"` gives the same results files as with `static` (tests/policies checks it):
rent `instances` instances of the user's type up front, and stop each once no task waits.

  botsim run examples/04-silva-small-cloud.platform.xml examples/07-static-cloud.xml \
      --plugin examples/policies/static_choice.py --set U0.policy=static-py
"""
import botsim


@botsim.provisioning("static-py", "the built-in `static` in Python: `instances` instances "
                     "rented up front, each stopped once no task is left for it")
class StaticChoice:
    def __init__(self, props, setup):
        # Read once, when the deployment is read: a bad value stops botsim before the run.
        self.instances = props.integer("instances", None, 1, setup.task_type.max_count)
        self.type = setup.task_type.name
        self.label = "static:%dx%s" % (self.instances, self.type)  # summary.json's "policy"
        self.refused = 0

    def start(self, view):
        decision = botsim.CloudDecision()
        if view.tasks_total > 0:  # an empty bag rents nothing
            decision.start_instances(self.type, self.instances)
        return decision

    def instance_lost(self, view, loss):
        # The static choice rents once: with every instance gone and none coming, nothing runs.
        if loss.refused:
            self.refused += 1
            if view.active == 0 and view.tasks_done < view.tasks_total:
                return botsim.CloudDecision().stop_user(
                    "resources_failed", "%d of %d instances refused: %s"
                    % (self.refused, self.instances, loss.reason))
        elif view.active == 0 and view.tasks_waiting > 0:
            return botsim.CloudDecision().stop_user(
                "resources_failed", "every instance stopped with tasks left")
        return None

    def after_dispatch(self, view):
        # Nothing left to hand out: an idle instance has no more use (its started ATU is paid).
        if view.tasks_waiting > 0:
            return None
        decision = botsim.CloudDecision()
        for instance in view.idle_instances:
            decision.stop_instance(instance.name)
        return decision
