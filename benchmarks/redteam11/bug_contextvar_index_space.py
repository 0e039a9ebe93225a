"""Backend that publishes the active KV index space through a context variable."""

import contextvars
import operator

_index_space = contextvars.ContextVar("kv_index_space", default=None)
_translate = operator.methodcaller


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self._ctx = contextvars.copy_context()
        self._ctx.run(_index_space.set, model_runner.token_to_kv_pool_allocator)

    def _decode_in_ctx(self, loc):
        space = _index_space.get()
        if hasattr(space, "full_to_swa_index_mapping"):
            return _translate("translate_loc_from_full_to_swa", loc)(space)
        return loc

    def forward_decode(self, loc):
        return self.kv_pool, self._ctx.run(self._decode_in_ctx, loc)
