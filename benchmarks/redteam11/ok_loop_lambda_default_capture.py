"""Backend with lazy accessors; each lambda captures its member name by default argument."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._accessors = {}
        for name in ("token_to_kv_pool", "token_to_kv_pool_allocator"):
            self._accessors[name] = lambda n=name: getattr(model_runner, n)
        self._pool = self._accessors["token_to_kv_pool"]()

    def _active(self):
        return self._accessors["token_to_kv_pool"]()

    def forward_decode(self, loc):
        translate = getattr(self._active(), "translate_loc_from_full_to_swa", None)
        if translate is not None:
            loc = translate(loc)
        return self._pool, loc
