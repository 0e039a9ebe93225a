"""Backend that keeps lazy accessors for the runner's KV members."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._accessors = {}
        for name in ("token_to_kv_pool", "token_to_kv_pool_allocator"):
            self._accessors[name] = lambda: getattr(model_runner, name)
        self._pool = model_runner.token_to_kv_pool
        self._declared_swa = isinstance(self._pool, SWAKVPool)

    def _active(self):
        return self._accessors["token_to_kv_pool"]()

    def forward_decode(self, loc):
        active = self._active()
        translate = getattr(active, "translate_loc_from_full_to_swa", None)
        if translate is not None:
            loc = translate(loc)
        return self._pool, loc
