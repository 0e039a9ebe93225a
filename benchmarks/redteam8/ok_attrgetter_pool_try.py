import operator

_translator = operator.attrgetter("translate_loc_from_full_to_swa")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        try:
            self._tr = _translator(self.kv_pool)
        except AttributeError:
            self._tr = None

    def forward_decode(self, loc):
        if self._tr is not None:
            loc = self._tr(loc)
        return self.kv_pool, loc
