"""Hardware-port backend whose private base reads the KV store named by a class attribute; the concrete class points it at the runner's pool."""

from operator import attrgetter


class _PortedBackendBase:
    kv_attr = "token_to_kv_pool_allocator"
    translator_name = "translate_loc_from_full_to_swa"

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.kv = attrgetter(self.kv_attr)(model_runner)
        self._translate = getattr(self.kv, self.translator_name, None)

    def forward_decode(self, loc):
        if self._translate is None:
            return self.pool, loc
        return self.pool, self._translate(loc)


class GeneratedAttnBackend(_PortedBackendBase):
    kv_attr = "token_to_kv_pool"
