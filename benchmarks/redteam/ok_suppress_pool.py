import contextlib


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        with contextlib.suppress(AttributeError):
            loc = self.model_runner.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
