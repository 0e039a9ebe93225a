import operator

_FULL_TO_SWA = operator.attrgetter("token_to_kv_pool.full_to_swa_index_mapping")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        try:
            self.full_to_swa = _FULL_TO_SWA(model_runner)
        except AttributeError:
            self.full_to_swa = None

    def forward_decode(self, loc):
        if self.full_to_swa is None:
            return self.pool, loc
        return self.pool, self.full_to_swa[loc]
