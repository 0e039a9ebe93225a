"""Backend that tags its metrics with the allocator's class name and selects SWA handling by the pool's class name."""

from collections import Counter

_DECODE_CALLS = Counter()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.metric_labels = {
            "allocator": type(alloc).__name__,
            "pool": type(self.token_to_kv_pool).__name__,
            "draft": str(bool(model_runner.is_draft_worker)).lower(),
        }
        self.is_swa = self.metric_labels["pool"] == "SWAKVPool"

    def forward_decode(self, loc):
        _DECODE_CALLS[tuple(sorted(self.metric_labels.items()))] += 1
        if self.is_swa:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
