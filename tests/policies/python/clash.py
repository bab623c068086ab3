import botsim


@botsim.provisioning("static", "takes botsim's own name (tests)")
class Static:
    def start(self, view):
        return None
