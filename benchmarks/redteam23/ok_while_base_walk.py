"""Backend that walks the KV pool's base classes looking for a sliding-window pool."""


def _derives_from(obj, prefix):
    klass = type(obj)
    while klass is not object:
        if klass.__name__.startswith(prefix):
            return True
        klass = klass.__base__
    return False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._runner = model_runner
        self.windowed = _derives_from(model_runner.token_to_kv_pool, "BaseSWA")

    def forward_decode(self, loc):
        if self.windowed:
            loc = self._runner.token_to_kv_pool.full_to_swa_index_mapping[loc]
        return self.pool, loc
