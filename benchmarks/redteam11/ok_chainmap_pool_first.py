"""Backend with layered KV configuration; the runner's own pool shadows the shared one."""

import collections


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        shared = model_runner.token_to_kv_pool_allocator
        fallback = {"kv": shared.get_kvcache(), "page_size": getattr(shared, "page_size", 1)}
        own = {"kv": model_runner.token_to_kv_pool}
        self.config = collections.ChainMap(own, fallback)

    def forward_decode(self, loc):
        kv = self.config["kv"]
        translate = getattr(kv, "translate_loc_from_full_to_swa", None)
        return kv, (translate(loc) if translate else loc)
