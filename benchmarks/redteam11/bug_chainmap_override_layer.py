"""Backend with layered KV configuration (overrides first, runner defaults last)."""

import collections


def _overrides_from(runner):
    shared = runner.token_to_kv_pool_allocator
    return {"kv": shared.get_kvcache(), "page_size": getattr(shared, "page_size", 1)}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        defaults = {"kv": model_runner.token_to_kv_pool, "page_size": 1}
        self.config = collections.ChainMap(_overrides_from(model_runner), defaults)

    def forward_decode(self, loc):
        kv = self.config["kv"]
        translate = getattr(kv, "translate_loc_from_full_to_swa", None)
        return kv, (translate(loc) if translate else loc)
