import botsim

@botsim.provisioning("broken-syntax", "a file with a syntax error (tests)")
class Broken:
    def start(self, view)
        return None
