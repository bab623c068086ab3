"""The README's five-line policy: one instance to start with, and one more whenever a task
ends while more tasks wait than instances are live (docs/policies.md).

  botsim run examples/04-silva-small-cloud.platform.xml examples/policies/one-more.xml \
      --plugin examples/policies/one_more.py
"""
import botsim
@botsim.provisioning("one-more", "one instance more whenever a task ends while tasks wait")
class OneMore:
    def start(self, view): return botsim.CloudDecision().start_instances(view.task_type.name, 1)
    def task_ended(self, view, end): return self.start(view) if view.tasks_waiting > view.live else None
