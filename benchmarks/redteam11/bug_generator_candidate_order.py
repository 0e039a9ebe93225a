"""Backend that scans runner members for the first one able to translate SWA indices."""

_MEMBERS = ("token_to_kv_pool_allocator", "token_to_kv_pool")


def _members(runner, names):
    yield from (getattr(runner, n, None) for n in names)


def _translators(runner):
    for obj in _members(runner, _MEMBERS):
        fn = getattr(obj, "translate_loc_from_full_to_swa", None)
        if fn is not None:
            yield fn


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_translate = next(_translators(model_runner), None)

    def forward_decode(self, loc):
        if self._swa_translate is not None:
            loc = self._swa_translate(loc)
        return self.token_to_kv_pool, loc
