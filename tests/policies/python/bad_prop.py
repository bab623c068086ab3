import botsim


@botsim.provisioning("reads-a-prop", "reads its own prop `spare`, a number in [0, 5] (tests)")
class ReadsAProp:
    def __init__(self, props):
        self.spare = props.number("spare", 1, 0, 5)

    def start(self, view):
        return botsim.CloudDecision().start_instances(view.task_type.name, 1 + int(self.spare))
