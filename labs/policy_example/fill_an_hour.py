"""Fill-an-hour, a cloud provisioning policy in Python: the worked example of
labs/06-own-policy.md (docs/policies.md says what a policy sees and decides).

Like Silva, Veiga & Ferreira's coordinator it does not know the task times: it rents one
instance, and when the first task ends it takes that task's time as every task's and rents as
many instances as the waiting tasks need to end within `hours` charged hours (the prop
`hours`, default 1). botsim stops each instance once every task is done.
"""
import math

import botsim


@botsim.provisioning("fill-an-hour", "one instance, then from the first task's time enough "
                     "instances to end the bag within `hours` charged hours (default 1)")
class FillAnHour:
    def __init__(self, props):
        self.hours = props.number("hours", 1, 0.1, 100)  # checked like botsim's own props

    def start(self, view):
        return botsim.CloudDecision().start_instances(view.task_type.name, 1)

    def task_ended(self, view, end):
        if view.tasks_done != 1:  # decide once, on the first time seen
            return None
        average = view.done_seconds / view.tasks_done
        window = self.hours * view.task_type.atu_s
        needed = math.ceil(view.tasks_waiting * average / window)
        return botsim.CloudDecision().start_instances(view.task_type.name, needed - view.live)
